import { type ReactNode, useId } from 'react';
import { frenchSpacesIn } from '@/client/lib/typography';
import { cn } from '@/client/lib/utils';
import { Label } from './label';

/** What a control needs to be tied to its label, description and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

/** A field's French error message, announced to screen readers. */
export function FieldError({ id, message }: { id?: string | undefined; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The server's French message for a failed form, announced to screen readers. */
export function FormAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn(
        'rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive',
        className,
      )}
    >
      {message}
    </p>
  );
}

/**
 * The one form field: label, control, optional description (a hint) and the French error under it
 * (the error of useForm's `errors`). The control is a render prop so any input (Input, Textarea,
 * select, PasswordInput, Switch, an uploader) gets the ids and the ARIA state.
 * `required` adds the red asterisk (hidden from screen readers, which hear the control's required
 * state); `action` sits at the end of the label's row (e.g. 'Mot de passe oublié ?'); with `inline`
 * the label and the control share one row (switches).
 */
export function Field({
  label,
  description,
  error,
  required,
  action,
  inline = false,
  className,
  labelClassName,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  action?: ReactNode;
  inline?: boolean;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
    required: required || undefined,
  });
  const labelElement = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
      {required ? (
        <span className="text-destructive" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {inline || action ? (
        <div className="flex items-center justify-between gap-4">
          {labelElement}
          {inline ? control : action}
        </div>
      ) : (
        labelElement
      )}
      {inline ? null : control}
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {frenchSpacesIn(description)}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
