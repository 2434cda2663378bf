import { Mail, MapPin, Phone } from 'lucide-react';
import { EmailText } from '@/client/components/ui/email-text';
import { useShop } from './order-totals';

/** How to reach the shop, as its settings name it (Général tab): phone, email, name and address. */
export function ShopContact({ className }: { className?: string }) {
  const shop = useShop();
  if (!shop.data) return null;
  const { name, phone, email, address } = shop.data;
  return (
    <div className={className} data-testid="shop-contact">
      <ul className="flex flex-col gap-2 text-sm font-medium sm:flex-row sm:flex-wrap sm:gap-x-6">
        {phone && (
          <li>
            <a
              href={`tel:${phone.replace(/[\s.]/g, '')}`}
              className="inline-flex items-center gap-2 text-primary hover:underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {phone}
            </a>
          </li>
        )}
        <li>
          <a href={`mailto:${email}`} className="inline-flex items-center gap-2 text-primary hover:underline">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {/* One flex item: the address wraps inside it, after its "@". */}
            <span>
              <EmailText email={email} />
            </span>
          </a>
        </li>
      </ul>
      <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
        {address && <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
        <span>
          <span className="font-medium text-foreground">{name}</span>
          {address && <span className="block">{address}</span>}
        </span>
      </p>
    </div>
  );
}
