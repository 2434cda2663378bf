import { Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { Button, type ButtonProps } from './button';

/**
 * The spec's submit state: disabled and reading 'Chargement...' (or the screen's own word, such as
 * 'Sauvegarde...') while the request runs.
 */
export function SubmitButton({
  submitting,
  busyLabel = 'Chargement...',
  children,
  disabled,
  ...props
}: ButtonProps & { submitting: boolean; busyLabel?: string }) {
  return (
    <Button type="submit" disabled={submitting || disabled} {...props}>
      {submitting ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
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

/** Several French messages at once (the product dialog's "Erreurs de validation :" box). */
export function FormErrorList({ title, messages }: { title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
