import { KeyRound, MailCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { toast, toastError } from '@/client/components/ui/toast';
import { OrderStatusBadge } from '@/client/features/account/status-badge';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { shortDateTime } from '@/domain/site/dates';

/** A button whose label may take two lines rather than widen its dialog. */
const WRAPPING = 'h-auto min-h-9 max-w-full whitespace-normal py-1.5 text-left';

/**
 * Under the customer's details: their orders (number, date, status, total) and total spent, and the
 * account mails an admin sends for them.
 */
export function CustomerActivity({ customerId }: { customerId: string }) {
  const orders = trpc.adminCustomers.orders.useQuery({ id: customerId });
  const reset = trpc.adminCustomers.sendPasswordReset.useMutation();
  const verify = trpc.adminCustomers.resendVerification.useMutation();
  const done = (description: string) => toast({ title: 'Succès', description, variant: 'success' });
  const failed = toastError;
  return (
    <section
      className="grid gap-3 border-t pt-4"
      aria-label="Activité du client"
      data-testid="customer-activity"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Commandes</h3>
        {orders.data ? (
          <p className="text-sm">
            {orders.data.orderCount} commande{orders.data.orderCount > 1 ? 's' : ''} · Total dépensé{' '}
            <span className="whitespace-nowrap font-semibold tabular-nums">
              {formatEuros(orders.data.totalSpentCents)}
            </span>
          </p>
        ) : null}
      </div>
      {orders.isError ? (
        <p className="text-sm text-destructive">Impossible de charger les commandes.</p>
      ) : !orders.data ? (
        <Spinner />
      ) : orders.data.orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune commande pour l'instant.</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto text-sm">
          {orders.data.orders.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2"
            >
              <Link to={`/admin/orders?order=${o.id}`} className="font-medium text-primary hover:underline">
                {o.orderNumber}
              </Link>
              <span className="text-muted-foreground tabular-nums">{shortDateTime(o.createdAt)}</span>
              <OrderStatusBadge status={o.status} audience="admin" />
              <span className="whitespace-nowrap font-medium tabular-nums">
                {formatEuros(o.totalAmountCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {/* The labels wrap on a phone: a one-line « Envoyer un lien de réinitialisation » was wider than
          the dialog at 375 px and scrolled it sideways (issue 35). */}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className={WRAPPING}
          disabled={reset.isPending}
          onClick={() =>
            reset.mutateAsync({ id: customerId }).then(() => done('Lien de réinitialisation envoyé.'), failed)
          }
        >
          <KeyRound aria-hidden="true" />
          Envoyer un lien de réinitialisation
        </Button>
        {/* Offered only while the address is not confirmed: the server refuses it afterwards. */}
        {orders.data && !orders.data.emailVerified ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className={WRAPPING}
            disabled={verify.isPending}
            onClick={() =>
              verify.mutateAsync({ id: customerId }).then(() => done('Email de vérification envoyé.'), failed)
            }
          >
            <MailCheck aria-hidden="true" />
            Renvoyer l'email de vérification
          </Button>
        ) : null}
      </div>
    </section>
  );
}
