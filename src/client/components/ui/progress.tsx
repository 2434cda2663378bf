import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/** A determinate progress bar (value from 0 to 100), announced as a progressbar. */
export function Progress({
  value,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'children'> & { value: number }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width] duration-300" style={{ width: `${clamped}%` }} />
    </div>
  );
}
