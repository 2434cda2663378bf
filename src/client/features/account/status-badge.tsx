import { cn } from '@/client/lib/utils';
import { orderStatusView, paymentStatusView, type StatusTone } from '@/domain/orders/status';

export const toneClasses: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-800 border-yellow-200',
  blue: 'bg-blue-100 text-blue-800 border-blue-200',
  orange: 'bg-orange-100 text-orange-800 border-orange-200',
  purple: 'bg-purple-100 text-purple-800 border-purple-200',
  green: 'bg-green-100 text-green-800 border-green-200',
  red: 'bg-red-100 text-red-800 border-red-200',
  grey: 'bg-gray-100 text-gray-700 border-gray-200',
};

/** A rounded badge in one of the status tones (order and payment statuses). */
export function ToneBadge({
  label,
  tone,
  className,
}: {
  label: string;
  tone: StatusTone;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        toneClasses[tone],
        className,
      )}
    >
      {label}
    </span>
  );
}

/** An order's status in the spec's French and colour; the back-office names processing "En traitement". */
export const OrderStatusBadge = ({
  status,
  className,
  audience = 'customer',
}: {
  status: string;
  className?: string;
  audience?: 'customer' | 'admin';
}) => <ToneBadge {...orderStatusView(status, audience)} className={className} />;

/** A payment status in the spec's French and colour. */
export const PaymentBadge = ({ status, className }: { status: string; className?: string }) => (
  <ToneBadge {...paymentStatusView(status)} className={className} />
);
