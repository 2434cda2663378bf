import { Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/utils';

/** The centred spinner with 'Chargement...' used while data or a check loads. */
export function Spinner({ className, label = 'Chargement...' }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      className={cn('flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground', className)}
    >
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
