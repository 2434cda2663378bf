import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A styled native <select>: the platform's own picker (best on phones, keyboard and screen readers
 * for free), for short lists of fixed choices such as statuses and filters.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-8 text-base focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-2.5 top-1/2 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}
