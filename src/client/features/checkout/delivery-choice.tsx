import { Check, Store, Truck } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { type DeliveryRules, formatEuros, formatShipping, shippingCostCents } from '@/domain/catalog/pricing';
import type { DeliveryMethod } from '@/domain/checkout/fields';

/** What delivery costs for this cart, and from which amount it is free. */
function deliveryDetail(subtotalCents: number, rules: DeliveryRules | undefined): string {
  if (!rules) return '…';
  const cost = shippingCostCents(subtotalCents, 'delivery', rules);
  return cost === 0
    ? 'Gratuite'
    : `${formatShipping(cost)} (offerte dès ${formatEuros(rules.freeShippingThresholdCents)})`;
}

/**
 * The delivery methods as cards: a radio group (arrow keys move between them). Home delivery is
 * offered only when the shop's settings switch it on.
 */
export function DeliveryChoice({
  value,
  onChange,
  labelledBy,
  subtotalCents,
  rules,
}: {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
  labelledBy: string;
  subtotalCents: number;
  rules: DeliveryRules | undefined;
}) {
  const methods: { value: DeliveryMethod; title: string; detail: string; icon: typeof Truck }[] = [
    ...(rules?.shippingEnabled === false
      ? []
      : [
          {
            value: 'delivery' as const,
            title: 'Livraison à domicile',
            detail: deliveryDetail(subtotalCents, rules),
            icon: Truck,
          },
        ]),
    { value: 'pickup', title: 'Retrait en boutique', detail: 'Samedi uniquement', icon: Store },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-labelledby={labelledBy}>
      {methods.map((m) => {
        const checked = value === m.value;
        return (
          <label
            key={m.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              checked ? 'border-primary bg-secondary' : 'border-border hover:border-primary/40',
            )}
          >
            <input
              type="radio"
              name="deliveryMethod"
              value={m.value}
              checked={checked}
              onChange={() => onChange(m.value)}
              className="sr-only"
            />
            <m.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="flex-1">
              <span className="block font-semibold">{m.title}</span>
              <span className="text-sm text-muted-foreground">{m.detail}</span>
            </span>
            <span
              className={cn(
                'grid size-5 place-items-center rounded-full border-2',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
              )}
              aria-hidden="true"
            >
              {checked && <Check className="size-3" strokeWidth={3} />}
            </span>
          </label>
        );
      })}
    </div>
  );
}
