import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A native <select> dressed like Input: the phone's own picker on mobile, keyboard and screen
 * readers for free, and it works inside a Field (id, aria-*) like any input. `compact` is the
 * tighter one that sits in a table row (the orders list's inline status and payment).
 */
export function NativeSelect({
  className,
  children,
  compact = false,
  ...props
}: React.ComponentProps<'select'> & { compact?: boolean }) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'flex w-full cursor-pointer appearance-none rounded-md border border-input bg-background text-base focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
          compact ? 'h-9 py-1.5 pl-2.5 pr-7' : 'h-10 py-2 pl-3 pr-9',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className={cn(
          'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground',
          compact ? 'right-2' : 'right-3',
        )}
        aria-hidden="true"
      />
    </div>
  );
}
