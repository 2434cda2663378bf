import { TRPCClientError } from '@trpc/client';
import { useCallback, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormState<V, Out> {
  values: V;
  /** Changes one field and clears its error. */
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Props of a text input or textarea bound to a string field. */
  text: (name: { [K in keyof V]: V[K] extends string ? K : never }[keyof V]) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  /** The first message of each field. */
  errors: FieldErrors<V>;
  /** Every message, once each, in the schema's order (for a summary box or a toast). */
  messages: string[];
  /** Parses the values with the schema: the output, or the messages (also shown on the fields). */
  validate: () => { ok: true; data: Out } | { ok: false; messages: string[] };
  /** Shows messages on fields (e.g. a conflict the server found). */
  showFieldErrors: (errors: FieldErrors<V>) => void;
  /** Lays the server's zod answer (tRPC fieldErrors) on the same fields; false if it had none. */
  showServerErrors: (error: unknown) => boolean;
  reset: (values: V) => void;
}

/**
 * The one form pattern: values as typed, the shared domain schema as the only rule book (the same
 * one the procedure parses), French messages on their fields. `toInput` turns typed text into the
 * schema's input (e.g. "12,90" into 12.9) when the form's fields are not already that shape.
 */
export function useForm<V extends object, Out>({
  initial,
  schema,
  toInput = (v) => v,
}: {
  initial: V;
  schema: z.ZodType<Out>;
  toInput?: (values: V) => unknown;
}): FormState<V, Out> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [messages, setMessages] = useState<string[]>([]);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name as keyof V & string] ? { ...e, [name]: undefined } : e));
  }, []);

  const show = (issues: { path: readonly PropertyKey[]; message: string }[]) => {
    const next: FieldErrors<V> = {};
    for (const issue of issues) {
      const key = String(issue.path[0] ?? '') as keyof V & string;
      next[key] ??= issue.message;
    }
    const list = [...new Set(issues.map((i) => i.message))];
    setErrors(next);
    setMessages(list);
    return list;
  };

  return {
    values,
    set,
    text: (name) => ({
      name: String(name),
      value: values[name] as string,
      onChange: (e) => set(name, e.target.value as V[typeof name]),
    }),
    errors,
    messages,
    validate() {
      const result = schema.safeParse(toInput(values));
      if (result.success) {
        setErrors({});
        setMessages([]);
        return { ok: true, data: result.data };
      }
      return { ok: false, messages: show(result.error.issues) };
    },
    showFieldErrors(next) {
      show(
        Object.entries(next).flatMap(([key, message]) =>
          typeof message === 'string' && message ? [{ path: [key], message }] : [],
        ),
      );
    },
    showServerErrors(error) {
      if (!(error instanceof TRPCClientError)) return false;
      const fields = (error.data as { fieldErrors?: Record<string, string[] | undefined> } | undefined)
        ?.fieldErrors;
      if (!fields || Object.keys(fields).length === 0) return false;
      show(
        Object.entries(fields).flatMap(([key, list]) =>
          (list ?? []).map((message) => ({ path: [key], message })),
        ),
      );
      return true;
    },
    reset(next) {
      setValues(next);
      setErrors({});
      setMessages([]);
    },
  };
}
