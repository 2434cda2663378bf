import { DialogContent, type DialogContentProps } from './dialog';

/** A panel sliding in from the right (the cart drawer) or the left (the admin menu): a dialog placement. */
export {
  Dialog as Sheet,
  DialogClose as SheetClose,
  DialogDescription as SheetDescription,
  DialogTitle as SheetTitle,
  DialogTrigger as SheetTrigger,
} from './dialog';

export function SheetContent({
  side = 'right',
  ...props
}: Omit<DialogContentProps, 'placement'> & { side?: 'left' | 'right' }) {
  return <DialogContent placement={side} {...props} />;
}
