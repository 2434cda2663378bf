import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import type { ToastItem } from './toast';

/** The Radix part of the toasts, loaded with the first toast (see Toaster in toast.tsx). */
export default function ToastViewport({
  list,
  dismiss,
}: {
  list: ToastItem[];
  dismiss: (id: number) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right">
      {list.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg animate-fade-in',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : t.variant === 'success'
                ? 'border-success/30 bg-white text-foreground'
                : 'bg-white text-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Fermer"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Above dialogs (an error while a form dialog is open must show), but under the cart drawer:
          its "Voir le panier" and "Commander" sit where the notice of the item just added would.
          While a dialog is open the notices move to the top, one at a time, away from the dialog's
          buttons (at the bottom); the viewport itself lets clicks through around them. */}
      <ToastPrimitive.Viewport className="pointer-events-none fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm [body:has([data-over-toasts])_&]:z-40 toasts-beside-dialogs" />
    </ToastPrimitive.Provider>
  );
}
