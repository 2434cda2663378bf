import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { trpc } from '@/client/lib/trpc';
import { frenchWeekdayDate } from '@/domain/site/dates';

/**
 * The owner's planned contract visits of a week still « À confirmer » (ADR 044): by day, and, in the
 * week that holds today, the late ones of the weeks before (`earlier`).
 */
export function useVisitsToConfirm(days: readonly string[] | undefined, enabled: boolean) {
  const from = days?.[0] ?? '';
  const to = days?.at(-1) ?? '';
  const visits = trpc.contracts.toConfirm.useQuery({ from, to }, { enabled: enabled && Boolean(from) });
  const all = visits.data ?? [];
  return {
    onDay: (day: string) => all.filter((v) => v.day === day),
    earlier: all.filter((v) => v.day < from),
  };
}

type PlannedVisit = {
  contractId: string;
  contractNumber: string;
  customerName: string;
  siteName: string;
  city: string;
  day: string;
  late: boolean;
};

/** Above the week: the visits of earlier weeks nobody confirmed, each with its planned day. */
export function EarlierLateVisits({ visits }: { visits: PlannedVisit[] }) {
  if (visits.length === 0) return null;
  return (
    <section
      aria-labelledby="earlier-late-visits"
      className="grid gap-2 rounded-md border border-destructive/40 p-3"
    >
      <h2 id="earlier-late-visits" className="text-sm font-semibold">
        Visites de contrat en retard des semaines précédentes
      </h2>
      <ToConfirmEntries visits={visits} withDay />
    </section>
  );
}

/**
 * A day's planned visits in the week calendar: « À confirmer », or « En retard » once the day is
 * past (Paris), opening the contract to confirm or replan.
 */
export function ToConfirmEntries({ visits, withDay = false }: { visits: PlannedVisit[]; withDay?: boolean }) {
  if (visits.length === 0) return null;
  return (
    <ul
      className={`grid gap-2 ${withDay ? 'sm:grid-cols-2 lg:grid-cols-3' : ''}`}
      aria-label="Visites de contrat à confirmer"
    >
      {visits.map((v) => (
        <li
          key={`${v.contractId}-${v.day}`}
          className="rounded-md border border-dashed bg-background p-2 text-sm"
        >
          {v.late ? (
            <Badge variant="destructive">En retard</Badge>
          ) : (
            <Badge variant="secondary">À confirmer</Badge>
          )}
          <Link
            to={`/admin/contracts?contrat=${v.contractId}`}
            className="mt-1 block font-medium hover:underline"
          >
            {v.customerName}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {withDay && <>Prévue le {frenchWeekdayDate(v.day)} · </>}
            {v.siteName}, {v.city} · contrat {v.contractNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}
