import { Printer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { toast, toastError } from '@/client/components/ui/toast';
import { OrderStatusBadge, PaymentBadge } from '@/client/features/account/status-badge';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { cn } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';
import { NOTES_MAX } from '@/domain/common/limits';
import { formatPhone } from '@/domain/common/phone';
import { orderNoteInput } from '@/domain/orders/admin-list';
import { frenchDateTime, shortDateTime } from '@/domain/site/dates';
import { OrderDocuments } from '../invoices/order-documents';
import { ProductThumb } from '../products/product-thumb';
import { shortId } from './format';
import { PackingSlip } from './packing-slip';
import { PaymentsBlock } from './payments-block';
import type { AdminOrderDetails, OrderTimelineEntry } from './use-admin-orders';
import { useRefreshOrders } from './use-admin-orders';
import { WithdrawalSection } from './withdrawal-parts';

/** The details dialog (back-office.md §2) plus the order's timeline from its events. */
export function OrderDetailsDialog({
  orderId,
  canEdit,
  onClose,
}: {
  orderId: string | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const enabled = orderId !== null;
  const details = trpc.orders.byId.useQuery({ orderId: orderId ?? '' }, { enabled, retry: false });
  const history = trpc.orders.history.useQuery({ orderId: orderId ?? '' }, { enabled, retry: false });
  const order = details.data;
  return (
    <Dialog open={enabled} onOpenChange={(open) => !open && onClose()}>
      {/* Any text breaks where it must (a pasted URL or tracking code in a note has no spaces), and no
          child is wider than the dialog. */}
      <DialogContent
        className="max-w-3xl grid-cols-[minmax(0,1fr)] gap-5 p-4 [overflow-wrap:anywhere] sm:p-6"
        aria-describedby={undefined}
      >
        {details.isLoading ? (
          <>
            <DialogTitle className="sr-only">Détails de la commande</DialogTitle>
            <Spinner />
          </>
        ) : !order ? (
          <DialogHeader>
            <DialogTitle>Commande introuvable</DialogTitle>
            <DialogDescription>
              {errorMessage(details.error, 'Impossible de charger les commandes.')}
            </DialogDescription>
          </DialogHeader>
        ) : (
          <OrderDetails order={order} timeline={history.data} canEdit={canEdit} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** An amount in its box: never broken over two lines (the dialog breaks other text anywhere). */
function Amount({
  label,
  cents,
  strong = false,
  className,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-md border p-3', className)}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={cn('whitespace-nowrap tabular-nums', strong ? 'text-lg font-bold' : 'font-medium')}>
        {formatEuros(cents)}
      </p>
    </div>
  );
}

function AddressLines({ address }: { address: Record<string, string> }) {
  return (
    <address className="text-sm not-italic leading-relaxed">
      {[address.firstName, address.lastName].filter(Boolean).join(' ')}
      {address.address ? <br /> : null}
      {address.address}
      {address.city || address.zipCode ? <br /> : null}
      {[address.zipCode, address.city].filter(Boolean).join(' ')}
      {address.email ? (
        <>
          <br />
          {address.email}
        </>
      ) : null}
      {address.phone ? (
        <>
          <br />
          {formatPhone(address.phone)}
        </>
      ) : null}
    </address>
  );
}

function OrderDetails({
  order,
  timeline,
  canEdit,
}: {
  order: AdminOrderDetails;
  timeline: OrderTimelineEntry[] | undefined;
  canEdit: boolean;
}) {
  const shipping = order.shippingAddress;
  const [withPrices, setWithPrices] = useState(false);
  return (
    <>
      <PackingSlip order={order} withPrices={withPrices} />
      <DialogHeader className="pr-8">
        <DialogTitle>
          Commande <span className="whitespace-nowrap">{order.orderNumber}</span>
        </DialogTitle>
        <DialogDescription>
          #{shortId(order.id)} · {shortDateTime(order.createdAt)} · {order.customerLabel}
        </DialogDescription>
      </DialogHeader>
      {order.deleted ? (
        <p
          role="status"
          className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          Commande supprimée{order.deletedReason ? ` : ${order.deletedReason}` : ''}. Elle reste dans le
          journal des commandes.
        </p>
      ) : null}
      <WithdrawalSection order={order} canEdit={canEdit} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Imprimer le bon de préparation
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={withPrices}
            onChange={(e) => setWithPrices(e.target.checked)}
          />
          Avec les prix
        </label>
      </div>
      {/* On a phone the total has a row of its own: three boxes of a third are too narrow for it. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Amount label="Total" cents={order.totalAmountCents} strong className="col-span-2 sm:col-span-1" />
        <Amount label="Frais de port" cents={order.shippingCostCents} />
        <Amount label="Taxes" cents={order.taxCents} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="flex items-center gap-2">
          Statut : <OrderStatusBadge status={order.status} audience="admin" />
        </span>
        <span className="flex items-center gap-2">
          Paiement : <PaymentBadge status={order.paymentStatus} />
        </span>
        <span className="text-muted-foreground">
          {shipping.deliveryMethod === 'pickup' ? 'Retrait sur place' : 'Livraison'}
        </span>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Section title="Adresse de livraison">
          <AddressLines address={shipping} />
        </Section>
        <Section title="Adresse de facturation">
          {order.billingAddress ? (
            <AddressLines address={order.billingAddress} />
          ) : (
            <p className="text-sm text-muted-foreground">Identique à l'adresse de livraison</p>
          )}
        </Section>
      </div>
      <Section title="Articles">
        <ul className="grid gap-3 sm:hidden">
          {order.lines.map((line) => (
            <li key={line.id} className="flex items-center gap-3 text-sm">
              <ProductThumb image={line.image} />
              <div className="min-w-0 flex-1">
                <LineTitle line={line} />
                <p className="text-xs text-muted-foreground tabular-nums">
                  {line.quantity} × {formatEuros(line.unitPriceCents)}
                  {line.refundedQuantity > 0 ? ` · dont ${line.refundedQuantity} remboursé` : ''}
                </p>
              </div>
              <p className="whitespace-nowrap font-medium tabular-nums">
                {formatEuros(line.totalPriceCents)}
              </p>
            </li>
          ))}
        </ul>
        <Table className="hidden sm:table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-14">
                <span className="sr-only">Image</span>
              </TableHead>
              <TableHead>Produit</TableHead>
              <TableHead className="text-right">Quantité</TableHead>
              <TableHead className="text-right">Prix unitaire</TableHead>
              <TableHead className="text-right">Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell>
                  <ProductThumb image={line.image} />
                </TableCell>
                <TableCell className="min-w-32">
                  <LineTitle line={line} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {line.quantity}
                  {line.refundedQuantity > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      dont {line.refundedQuantity} remboursé
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {formatEuros(line.unitPriceCents)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
                  {formatEuros(line.totalPriceCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <PaymentsBlock order={order} canEdit={canEdit} />
      {order.notes ? (
        <Section title="Notes du client">
          <p className="whitespace-pre-line rounded-md bg-muted px-3 py-2 text-sm">{order.notes}</p>
        </Section>
      ) : null}
      {order.deleted ? null : (
        <Section title="Factures et avoirs">
          <OrderDocuments orderId={order.id} canEdit={canEdit} cancelled={order.status === 'cancelled'} />
        </Section>
      )}
      <Section title="Historique">
        {timeline ? <Timeline entries={timeline} /> : <Spinner />}
        {canEdit ? <NoteForm orderId={order.id} /> : null}
      </Section>
    </>
  );
}

function LineTitle({ line }: { line: AdminOrderDetails['lines'][number] }) {
  return line.productDeleted ? (
    <>
      <p className="italic text-muted-foreground">Produit supprimé</p>
      <p className="text-xs text-muted-foreground">{line.title}</p>
    </>
  ) : (
    <p>{line.title}</p>
  );
}

function Timeline({ entries }: { entries: OrderTimelineEntry[] }) {
  return (
    <ol className="grid gap-3 border-l pl-4" data-testid="order-timeline">
      {entries.map((entry) => (
        <li key={entry.position} className="relative text-sm">
          <span
            className={`absolute -left-[1.3rem] top-1.5 size-2 rounded-full ${
              entry.type === 'OrderNoteAdded'
                ? 'bg-amber-500'
                : entry.type === 'OrderDeleted'
                  ? 'bg-destructive'
                  : 'bg-primary'
            }`}
            aria-hidden="true"
          />
          <p className="text-xs text-muted-foreground">
            {frenchDateTime(entry.at)} · <span className="font-medium text-foreground">{entry.by}</span>
          </p>
          <p
            className={
              entry.type === 'OrderNoteAdded'
                ? 'whitespace-pre-line rounded-md bg-amber-50 px-2 py-1'
                : undefined
            }
          >
            {entry.summary}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** An internal note: in the timeline for staff, never shown to the customer. */
function NoteForm({ orderId }: { orderId: string }) {
  const form = useForm({ initial: { note: '' }, schema: orderNoteInput });
  const refreshOrders = useRefreshOrders();
  const add = trpc.orders.addNote.useMutation();
  return (
    <form
      className="mt-2 grid gap-2"
      noValidate
      onSubmit={form.submitToServer(async ({ note }) => {
        await add.mutateAsync({ orderId, note });
        form.reset({ note: '' });
        toast({ title: 'Succès', description: 'Note ajoutée.', variant: 'success' });
        await refreshOrders();
      }, toastError)}
    >
      <Field
        label="Note interne"
        description="Visible uniquement par l'équipe, jamais par le client."
        error={form.errors.note}
      >
        {(control) => <Textarea {...control} {...form.text('note')} rows={2} maxLength={NOTES_MAX} />}
      </Field>
      <div className="flex justify-end">
        <SubmitButton submitting={add.isPending} variant="outline" size="sm">
          Ajouter la note
        </SubmitButton>
      </div>
    </form>
  );
}
