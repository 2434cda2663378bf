import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A plain label (no Radix part: it was 1 KB gzip on every storefront form for one behaviour, kept
 * here: a double click on a label does not select its text).
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers give htmlFor (Field does)
    <label
      className={cn('text-sm font-medium leading-none', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
