import { Search } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';
import { Input } from './input';

/** A search box with its magnifier: the back-office lists' filter field. */
export function SearchInput({
  className,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<typeof Input>, 'type' | 'onChange'> & {
  onValueChange: (value: string) => void;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" className="pl-9" onChange={(e) => onValueChange(e.target.value)} {...props} />
    </div>
  );
}
