import { Loader2, Save } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/**
 * A settings card's save button (outside a form; the back-office's only, kept out of the
 * storefront's form.tsx): disabled while `saving`, its disk icon turned
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
