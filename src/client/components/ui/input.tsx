import type * as React from 'react';
import { cn } from '@/client/lib/utils';
import { PHONE_MAX } from '@/domain/common/phone';

export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** The one phone field: a phone keyboard, the browser's autofill and the shared length limit. */
export function PhoneInput(props: Omit<React.ComponentProps<'input'>, 'type'>) {
  return <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={PHONE_MAX} {...props} />;
}
