import { Loader2, Save } from 'lucide-react';
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

/**
 * A settings card's save button (outside a form): disabled while `saving`, its disk icon turned
 * into a spinner, its words kept.
 */
export function SaveButton({ saving, children, ...props }: ButtonProps & { saving: boolean }) {
  return (
    <Button type="button" disabled={saving} {...props}>
      {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
      {children}
    </Button>
  );
}
