import { Link } from 'react-router-dom';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { INTERVENTION_STATUS_BADGES, type InterventionStatus } from '@/domain/interventions/pipeline';
import { frenchDay, frenchLongDate } from '@/domain/site/dates';

/** /compte: the customer's devis (issue 36), each opening the same signed page as the mail's link. */
export function DevisList() {
  const devis = trpc.devis.mine.useQuery();
  if (!devis.data || devis.data.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="account-devis">
      <h2 id="account-devis" className="mb-3 text-lg font-semibold">
        Mes devis
      </h2>
      <ul className="divide-y rounded-lg border bg-card">
        {devis.data.map((d) => (
          <li key={d.number} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
            <span>
              <Link to={`/devis/${d.token}`} className="font-medium text-primary hover:underline">
                Devis {d.number}
              </Link>
              <span className="block text-muted-foreground">
                Du {frenchLongDate(d.sentAt)} · valable jusqu’au {frenchDay(d.validUntil)} ·{' '}
                {INTERVENTION_STATUS_BADGES[d.status as InterventionStatus]}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{formatEuros(d.totalInclCents)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
