import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * The shared domain schema, or a loader of it: a storefront form passes
 * `() => import('@/domain/...').then((m) => m.schema)` so zod (~23 KB gzip) arrives with the first
 * interaction (`preload` on focus) instead of with the page.
 */
export type SchemaSource<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

export type Validation<Out> = { ok: true; data: Out } | { ok: false; messages: string[] };

/** Said when the schema itself could not be loaded (network lost between page and first submit). */
const LOAD_FAILED = 'Une erreur est survenue';

export interface FormState<V, Out> {
  values: V;
  /** Changes one field and clears its error. */
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Changes several fields at once, from the current values (e.g. a pre-fill). */
  update: (change: (values: V) => Partial<V>) => void;
  /** Props of a text input, textarea or select bound to a string field. */
  text: (name: { [K in keyof V]: V[K] extends string ? K : never }[keyof V]) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  /** The first message of each field. */
  errors: FieldErrors<V>;
  /** Every message, once each, in the schema's order (for a summary box or a toast). */
  messages: string[];
  /** True while handleSubmit's handler runs (after the values passed the schema). */
  submitting: boolean;
  /** Starts loading a lazy schema (call it on the form's first focus or pointer down). */
  preload: () => void;
  /** Parses the values with the schema: the output, or the messages (also shown on the fields). */
  validate: () => Promise<Validation<Out>>;
  /**
   * The form's onSubmit: validates, then runs `onValid` with the schema's output while `submitting`
   * is true; a second submit meanwhile is ignored. On failure `onInvalid` gets the messages.
   * Whenever messages land on fields (here or through showServerErrors), the first of those fields
   * in the form's order takes the focus, so keyboard and screen-reader users land on it.
   */
  handleSubmit: (
    onValid: (data: Out) => unknown,
    onInvalid?: (messages: string[]) => unknown,
  ) => (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /**
   * handleSubmit for a form that sends to the server: `send` gets the valid data; when it throws,
   * the server's field errors (zod's, or a refusal naming a field) land on their fields
   * (showServerErrors), focused like the schema's, and any other failure goes
   * to `onFailure` (the form's alert, a toast). The one submit step of the back-office dialogs.
   */
  submitToServer: (
    send: (data: Out) => Promise<unknown>,
    onFailure: (error: unknown) => void,
  ) => (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Shows messages on fields (e.g. a conflict the server found). */
  showFieldErrors: (errors: FieldErrors<V>) => void;
  /**
   * Lays the server's answer on the form's fields: its zod answer (tRPC fieldErrors), or a typed
   * refusal (DomainError) whose `details.field` names a field of this form, its message under it.
   * False when the answer names no field (the caller says it otherwise).
   */
  showServerErrors: (error: unknown) => boolean;
  clearErrors: () => void;
  reset: (values: V) => void;
}

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The messages a failed call puts on fields: zod's, by input key (the error formatter's
 * fieldErrors), else a typed refusal's message on the input its `details.field` names, when
 * `form` (the form's values) has that input. None: [].
 */
export function serverIssues(error: unknown, form: object): Issue[] {
  // Only a tRPC answer has `data` (the error formatter's); a network failure has none.
  const { data, message } = (error ?? {}) as {
    data?: { fieldErrors?: Record<string, string[]>; details?: { field?: string } | null };
    message: string;
  };
  const field = data?.details?.field;
  return Object.entries(data?.fieldErrors ?? (field && field in form ? { [field]: [message] } : {})).flatMap(
    ([key, list]) => list.map((message) => ({ path: [key], message })),
  );
}

/**
 * The one form pattern: values as typed, the shared domain schema as the only rule book (the same
 * one the procedure parses), French messages on their fields (shown with components/ui/field.tsx).
 * `toInput` turns the typed values into the schema's input (e.g. "12,90" into 12.9, or the cart's
 * lines added to the checkout fields) when the form's fields are not already that shape.
 */
export function useForm<V extends object, Out>({
  initial,
  schema,
  toInput = (v) => v,
}: {
  initial: V;
  schema: SchemaSource<Out>;
  toInput?: (values: V) => unknown;
}): FormState<V, Out> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name as keyof V & string] ? { ...e, [name]: undefined } : e));
  }, []);

  const update = useCallback((change: (values: V) => Partial<V>) => {
    setValues((v) => ({ ...v, ...change(v) }));
  }, []);

  // A loader is a dynamic import: the module loader keeps it, so calling it again costs nothing.
  // zod's own messages in French (domain/common/zod-fr.ts), installed before the first parse.
  const load = async (): Promise<z.ZodType<Out>> => {
    const [rules] = await Promise.all([
      typeof schema === 'function' ? schema() : schema,
      import('@/domain/common/zod-fr'),
    ]);
    return rules;
  };

  const focusFirst = (names: Set<string>) => {
    const form = formElement.current;
    if (!form) return;
    requestAnimationFrame(() => {
      const first = Array.from(form.elements).find(
        (el): el is HTMLElement => names.has((el as HTMLInputElement).name) && el instanceof HTMLElement,
      );
      first?.focus();
    });
  };

  const show = (issues: Issue[]) => {
    const next: FieldErrors<V> = {};
    for (const issue of issues) {
      // The first segment of the path that is a field of the form (a flat form of a nested schema:
      // ['customer', 'email'] is `email`); none: the message is only in `messages`.
      const key = String(issue.path.find((p) => p in values) ?? '') as keyof V & string;
      next[key] ??= issue.message;
    }
    const list = [...new Set(issues.map((i) => i.message))];
    setErrors(next);
    setMessages(list);
    focusFirst(new Set(Object.keys(next)));
    return list;
  };

  async function validate(): Promise<Validation<Out>> {
    let rules: z.ZodType<Out>;
    try {
      rules = await load();
    } catch {
      setMessages([LOAD_FAILED]);
      return { ok: false, messages: [LOAD_FAILED] };
    }
    const result = rules.safeParse(toInput(values));
    if (result.success) {
      setErrors({});
      setMessages([]);
      return { ok: true, data: result.data };
    }
    return { ok: false, messages: show(result.error.issues) };
  }

  const handleSubmit: FormState<V, Out>['handleSubmit'] = (onValid, onInvalid) => async (event) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    formElement.current = event.currentTarget;
    try {
      const result = await validate();
      if (!result.ok) {
        await onInvalid?.(result.messages);
        return;
      }
      setSubmitting(true);
      await onValid(result.data);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  function showServerErrors(error: unknown): boolean {
    const issues = serverIssues(error, values);
    return issues.length > 0 && show(issues).length > 0;
  }

  return {
    values,
    set,
    update,
    text: (name) => ({
      name: String(name),
      value: values[name] as string,
      onChange: (e) => set(name, e.target.value as V[typeof name]),
    }),
    errors,
    messages,
    submitting,
    preload() {
      load().catch(() => {});
    },
    validate,
    handleSubmit,
    submitToServer: (send, onFailure) =>
      handleSubmit(async (data) => {
        try {
          await send(data);
        } catch (error) {
          if (!showServerErrors(error)) onFailure(error);
        }
      }),
    showFieldErrors(next) {
      show(
        Object.entries(next).flatMap(([key, message]) =>
          message ? [{ path: [key], message: message as string }] : [],
        ),
      );
    },
    showServerErrors,
    clearErrors() {
      setErrors({});
      setMessages([]);
    },
    reset(next) {
      setValues(next);
      setErrors({});
      setMessages([]);
    },
  };
}
