import { CreditCard } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useShop } from '@/client/features/shop/order-totals';
import { EMPTY_PAYMENT_INSTRUCTIONS, paymentInstructionLines } from '@/domain/settings/payment-instructions';

/**
 * /compte's « Paiement » tab: no saved payment method (the spec), and the shop's payment
 * instructions (Paramètres › Paiement), the same lines the confirmation mail carries.
 */
export function PaymentPanel() {
  const shop = useShop().data;
  const lines = shop ? paymentInstructionLines(shop.payment ?? EMPTY_PAYMENT_INSTRUCTIONS) : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Moyens de paiement</CardTitle>
        <CardDescription>Aucun moyen de paiement enregistré.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-muted-foreground">
        <div className="flex gap-3 rounded-lg border border-dashed p-4">
          <CreditCard className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p className="min-w-0">
            Nous n'enregistrons aucune carte. Après validation de votre commande, vous recevez par email les
            instructions de paiement, avec le numéro de commande à indiquer :
          </p>
        </div>
        {lines.length > 0 && (
          <ul
            className="list-disc space-y-1 pl-5 text-foreground [overflow-wrap:anywhere]"
            data-testid="payment-instructions"
          >
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
