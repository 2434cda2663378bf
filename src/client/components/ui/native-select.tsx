import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A native <select> dressed like Input: the phone's own picker on mobile, keyboard and screen
 * readers for free, and it works inside a Field (id, aria-*) like any input.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="flex h-10 w-full cursor-pointer appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-base focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
