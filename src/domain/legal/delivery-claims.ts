/**
 * What the pages and the CGV may say about delivery, computed from the Commerce settings: a claim
 * such as "Livraison gratuite" is only made when the settings make it true (C. conso L121-2 on
 * misleading claims; L221-5 on delivery costs stated before the order).
 */
import { type DeliveryRules, formatEuros } from '../catalog/pricing.js';

/** The short claim of banners and teasers. */
export function deliveryClaim(rules: DeliveryRules): string {
  if (!rules.shippingEnabled) return 'Retrait en boutique le samedi';
  if (rules.defaultShippingCostCents === 0 || rules.freeShippingThresholdCents === 0)
    return 'Livraison gratuite';
  return `Livraison offerte dès ${formatEuros(rules.freeShippingThresholdCents)}`;
}

/** The sentence of the CGV's price article and the home page's shop teaser. */
export function deliveryTerms(rules: DeliveryRules): string {
  if (!rules.shippingEnabled) {
    return "La livraison à domicile n'est pas proposée pour le moment : les commandes sont à retirer en boutique le samedi, sans frais.";
  }
  if (rules.defaultShippingCostCents === 0 || rules.freeShippingThresholdCents === 0) {
    return 'La livraison est gratuite ; le retrait en boutique le samedi est également sans frais.';
  }
  return `La livraison coûte ${formatEuros(rules.defaultShippingCostCents)} TTC et elle est offerte dès ${formatEuros(rules.freeShippingThresholdCents)} d'achats ; le retrait en boutique le samedi est sans frais.`;
}
