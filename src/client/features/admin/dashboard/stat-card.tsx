import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/lib/utils';
import { formatChange } from './format';

/** A headline figure with its change against the previous period. */
export function StatCard({
  title,
  value,
  icon: Icon,
  change,
  comparedTo,
  testId,
}: {
  title: string;
  value: string;
  icon: LucideIcon;
  /** Percent against the previous period; null when that period had nothing. */
  change?: number | null;
  /** "hier", "les 7 jours précédents"... */
  comparedTo?: string;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        <p
          className="whitespace-nowrap text-2xl font-bold tabular-nums"
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {value}
        </p>
        {comparedTo !== undefined ? (
          <p className="mt-1 text-xs text-muted-foreground">
            {change === null || change === undefined ? (
              <>Rien à comparer avec {comparedTo}</>
            ) : (
              <>
                <span
                  className={cn(
                    'font-semibold',
                    change > 0 ? 'text-success' : change < 0 ? 'text-destructive' : undefined,
                  )}
                >
                  {formatChange(change)}
                </span>{' '}
                par rapport à {comparedTo}
              </>
            )}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
