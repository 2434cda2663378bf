import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { trpc } from '@/client/lib/trpc';

/** The owner's planned contract visits of a week still « À confirmer » (ADR 044), by day. */
export function useVisitsToConfirm(days: readonly string[] | undefined, enabled: boolean) {
  const from = days?.[0] ?? '';
  const to = days?.at(-1) ?? '';
  const visits = trpc.contracts.toConfirm.useQuery({ from, to }, { enabled: enabled && Boolean(from) });
  return (day: string) => (visits.data ?? []).filter((v) => v.day === day);
}

/**
 * A day's planned visits in the week calendar: « À confirmer », or « En retard » once the day is
 * past (Paris), opening the contract to confirm or replan.
 */
export function ToConfirmEntries({
  visits,
}: {
  visits: {
    contractId: string;
    contractNumber: string;
    customerName: string;
    siteName: string;
    city: string;
    late: boolean;
  }[];
}) {
  if (visits.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Visites de contrat à confirmer">
      {visits.map((v) => (
        <li key={v.contractId} className="rounded-md border border-dashed bg-background p-2 text-sm">
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
            {v.siteName}, {v.city} · contrat {v.contractNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}
