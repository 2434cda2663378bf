import { InvoicesScreen } from '@/client/features/admin/invoices/invoices-screen';

/** The invoices register (admins and auditors): period, series, totals per VAT rate, export. */
export default function AdminInvoices() {
  return <InvoicesScreen />;
}
