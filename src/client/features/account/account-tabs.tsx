import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@/client/lib/utils';

/*
 * The account page's three tabs, with the WAI-ARIA tabs pattern (arrow keys, Home/End, one tab
 * stop). Written here rather than with the Radix tabs of components/ui: it keeps about 6 KB gzip
 * of Radix out of /compte's initial JS, which is a storefront route with a 130 KB budget.
 */
export interface AccountTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export function AccountTabs({
  tabs,
  value,
  onChange,
}: {
  tabs: AccountTab[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label="Mon compte"
        className="grid h-auto w-full grid-cols-3 items-center rounded-md bg-muted p-1 text-muted-foreground sm:inline-flex sm:w-auto"
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cn(
                'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-sm px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring cursor-pointer',
                selected && 'bg-background text-foreground shadow-sm',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === value ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
            className="mt-4"
          >
            {tab.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
