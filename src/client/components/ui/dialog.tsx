import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type * as React from 'react';
import { frenchSpacesIn } from '@/client/lib/typography';
import { cn } from '@/client/lib/utils';

/*
 * The one Radix Dialog wrapper: a centred dialog, a sheet sliding in from a side (sheet.tsx) and the
 * gallery's full-screen viewer differ only by where the content sits, the overlay and the close
 * button, so they are placements of one component.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const placements = {
  center: {
    overlay: 'bg-black/60',
    content:
      'left-1/2 top-1/2 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg',
    close: 'right-4 top-4 rounded-sm opacity-70 hover:opacity-100 [&_svg]:size-5',
  },
  right: {
    overlay: 'bg-black/50',
    content:
      'inset-y-0 right-0 flex h-full w-full max-w-md flex-col gap-4 border-l bg-background p-6 shadow-xl animate-slide-in-right',
    close: 'right-4 top-4 rounded-sm opacity-70 hover:opacity-100 [&_svg]:size-5',
  },
  left: {
    overlay: 'bg-black/50',
    content:
      'inset-y-0 left-0 flex h-full w-full max-w-md flex-col gap-4 border-r bg-background p-6 shadow-xl animate-slide-in-left',
    close: 'right-4 top-4 rounded-sm opacity-70 hover:opacity-100 [&_svg]:size-5',
  },
  fullscreen: {
    overlay: 'bg-black/90',
    content: 'inset-0 flex flex-col items-center justify-center p-4 outline-none',
    close:
      'right-3 top-3 inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 sm:right-6 sm:top-6 [&_svg]:size-7',
  },
} as const;

export type DialogPlacement = keyof typeof placements;

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  placement?: DialogPlacement;
  /**
   * Focus the dialog itself on opening instead of its first field (edit forms: a selected first
   * field is one keystroke from being lost).
   */
  focusDialog?: boolean;
};

export function DialogContent({
  className,
  children,
  placement = 'center',
  focusDialog = false,
  onOpenAutoFocus,
  ...props
}: DialogContentProps) {
  const look = placements[placement];
  const openAutoFocus: DialogContentProps['onOpenAutoFocus'] = focusDialog
    ? (event) => {
        event.preventDefault();
        (event.currentTarget as HTMLElement).focus();
      }
    : onOpenAutoFocus;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 animate-fade-in', look.overlay)} />
      <DialogPrimitive.Content
        className={cn('fixed z-50', look.content, className)}
        onOpenAutoFocus={openAutoFocus}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className={cn('absolute', look.close)}>
          <X aria-hidden="true" />
          <span className="sr-only">Fermer</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-left', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
/** The dialog's intro, its French spaces kept from breaking (no line starts with « : »). */
export function DialogDescription({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props}>
      {frenchSpacesIn(children)}
    </DialogPrimitive.Description>
  );
}
