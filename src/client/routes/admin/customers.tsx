import { CustomersScreen } from '@/client/features/admin/customers/customers-screen';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';

export default function AdminCustomers() {
  useAdminTitle('Clients');
  return <CustomersScreen />;
}
