import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/client/components/ui/button';

/** The spec's submit state: disabled and reading 'Chargement...' while the request runs. */
export function SubmitButton({ submitting, children, ...props }: ButtonProps & { submitting: boolean }) {
  return (
    <Button type="submit" disabled={submitting} {...props}>
      {submitting ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Chargement...
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The server's French message for a failed form, announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
