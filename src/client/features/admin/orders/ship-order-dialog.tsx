import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { useForm } from '@/client/lib/use-form';
import { SHIPMENT_FIELD_MAX } from '@/domain/common/limits';
import { type ShipmentForm, shipmentFormSchema } from '@/domain/orders/admin-list';
import type { AdminOrder } from './use-admin-orders';

const empty = { carrier: '', trackingNumber: '' };

/**
 * The change to "Expédiée": the carrier and tracking number (both optional) go with it, into the
 * order's history and the customer's mail.
 */
export function ShipOrderDialog({
  order,
  onShip,
  onClose,
}: {
  order: AdminOrder | null;
  onShip: (order: AdminOrder, shipment: ShipmentForm) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({ initial: empty, schema: shipmentFormSchema });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && !form.submitting && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Marquer comme expédiée</DialogTitle>
          <DialogDescription>
            {order?.orderNumber} : le client reçoit un email avec le transporteur et le numéro de suivi s'ils
            sont indiqués.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(async (shipment) => {
            if (order) await onShip(order, shipment);
            close();
          })}
        >
          <Field label="Transporteur (facultatif)" error={form.errors.carrier}>
            {(c) => (
              <Input
                {...c}
                {...form.text('carrier')}
                placeholder="Ex : Colissimo"
                maxLength={SHIPMENT_FIELD_MAX}
              />
            )}
          </Field>
          <Field label="Numéro de suivi (facultatif)" error={form.errors.trackingNumber}>
            {(c) => (
              <Input
                {...c}
                {...form.text('trackingNumber')}
                maxLength={SHIPMENT_FIELD_MAX}
                autoComplete="off"
              />
            )}
          </Field>
          <DialogFooter className="flex-row justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={form.submitting}>
              Annuler
            </Button>
            <SubmitButton submitting={form.submitting}>Marquer expédiée</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
