import type * as React from 'react';
import { createContext, type KeyboardEvent, use, useId, useState } from 'react';
import { cn } from '@/client/lib/utils';

/*
 * Tabs with the WAI-ARIA pattern (arrow keys, Home/End, one tab stop, a tab is selected when it gets
 * the focus), written here rather than on Radix Tabs: /compte is a storefront route with a JS
 * budget, and Radix Tabs (with its roving-focus and presence parts) weighed about 6 KB gzip there.
 * Same parts and props as shadcn's: Tabs, TabsList, TabsTrigger, TabsContent.
 */
interface TabsState {
  id: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

// The parts always sit inside <Tabs>.
const useTabs = () => use(TabsContext)!;

const part = (id: string, kind: 'tab' | 'panel', value: string) => `${id}-${kind}-${value}`;

export function Tabs({
  value: controlled,
  defaultValue = '',
  onValueChange,
  ...props
}: Omit<React.ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const select = (next: string) => {
    if (controlled === undefined) setOwn(next);
    if (next !== value) onValueChange?.(next);
  };
  return (
    <TabsContext value={{ id, value, select }}>
      <div {...props} />
    </TabsContext>
  );
}

const moves: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  End: (_, last) => last,
};

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  function move(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const step = moves[event.key];
    if (!step || event.defaultPrevented) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    );
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next = tabs[step(index, tabs.length - 1)];
    next?.focus();
    next?.click();
  }
  return (
    <div
      role="tablist"
      className={cn(
        'inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground',
        className,
      )}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={part(tabs.id, 'tab', value)}
      aria-selected={selected}
      aria-controls={part(tabs.id, 'panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm cursor-pointer',
        className,
      )}
      {...props}
    />
  );
}

/** The selected tab's panel; the others are not rendered. */
export function TabsContent({
  value,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={part(tabs.id, 'panel', value)}
      aria-labelledby={part(tabs.id, 'tab', value)}
      data-state="active"
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}
