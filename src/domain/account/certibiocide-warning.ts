// Apart from certibiocide.ts (zod): /compte shows it without downloading the schema.
import { frenchDay } from '../site/french-day.js';

/**
 * The warning shown beside a certificate whose last day is past (`today` is the Paris day,
 * YYYY-MM-DD): it is kept, but a product reserved to professionals is refused while it stays so
 * (certificateRefusal's « expired »). Null while valid, on its last day included, or when blank.
 */
export function certibiocideExpiredWarning(expiresOn: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn) || expiresOn >= today) return null;
  return `Ce certificat a expiré le ${frenchDay(expiresOn)} : les produits réservés aux professionnels ne peuvent pas vous être vendus tant qu'il n'est pas renouvelé.`;
}
