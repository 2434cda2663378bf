import { toneClasses } from '@/client/features/account/status-badge';
import { cn } from '@/client/lib/utils';
import { orderStatusView, paymentStatusView, type StatusTone } from '@/domain/orders/status';

function ToneBadge({ label, tone, className }: { label: string; tone: StatusTone; className?: string }) {
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

/** The back-office's status badge (« En traitement » for processing). */
export const AdminStatusBadge = ({ status }: { status: string }) => (
  <ToneBadge {...orderStatusView(status, 'admin')} />
);

export const PaymentBadge = ({ status }: { status: string }) => <ToneBadge {...paymentStatusView(status)} />;
