import { Loader2 } from 'lucide-react';
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
