import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/utils';
import {
  type DayRange,
  dayRangeSchema,
  presetRange,
  RANGE_PRESETS,
  type RangePresetKey,
} from '@/domain/dashboard/periods';

/**
 * A period of whole days: preset buttons (relative to today in Paris) or two dates. The dates are
 * checked with the schema the procedures parse; a wrong pair shows its French message and keeps the
 * last good period.
 */
export function DateRangePicker({
  value,
  today,
  onChange,
}: {
  value: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const active = RANGE_PRESETS.find((p) => {
    const range = presetRange(p.key, today);
    return range.from === value.from && range.to === value.to;
  })?.key;

  function choose(key: RangePresetKey) {
    const range = presetRange(key, today);
    setDraft(range);
    setError(null);
    onChange(range);
  }

  function edit(next: DayRange) {
    setDraft(next);
    const parsed = dayRangeSchema.safeParse(next);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Période invalide');
      return;
    }
    setError(null);
    onChange(parsed.data);
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
        <CalendarRange className="size-4 text-muted-foreground" aria-hidden="true" />
        Période
      </legend>
      <div className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset.key}
            type="button"
            size="sm"
            variant={active === preset.key ? 'default' : 'outline'}
            aria-pressed={active === preset.key}
            onClick={() => choose(preset.key)}
          >
            {preset.label}
          </Button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="range-from">Du</Label>
          <Input
            id="range-from"
            type="date"
            value={draft.from}
            max={today}
            onChange={(e) => edit({ ...draft, from: e.target.value })}
            aria-invalid={error !== null}
            aria-describedby={error ? 'range-error' : undefined}
            className="w-full min-w-0 sm:w-44"
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="range-to">Au</Label>
          <Input
            id="range-to"
            type="date"
            value={draft.to}
            max={today}
            onChange={(e) => edit({ ...draft, to: e.target.value })}
            aria-invalid={error !== null}
            aria-describedby={error ? 'range-error' : undefined}
            className="w-full min-w-0 sm:w-44"
          />
        </div>
      </div>
      <p id="range-error" role="alert" className={cn('text-sm text-destructive', !error && 'sr-only')}>
        {error ?? ''}
      </p>
    </fieldset>
  );
}
