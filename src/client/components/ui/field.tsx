import { type ReactNode, useId } from 'react';
import { cn } from '@/client/lib/utils';
import { FieldError, Label } from './label';

/** What a control needs to be tied to its label, description and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One form field: label, control, optional description (a hint) and the French error under it.
 * The control is a render prop so any input (Input, Textarea, Switch, a custom one) gets the ids.
 * With `inline`, label and control sit on one row (switches).
 */
export function Field({
  label,
  description,
  error,
  inline = false,
  className,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  inline?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={cn('grid gap-2', className)}>
      {inline ? (
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={id}>{label}</Label>
          {control}
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {control}
        </>
      )}
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
