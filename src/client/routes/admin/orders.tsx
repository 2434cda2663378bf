import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { OrdersScreen } from '@/client/features/admin/orders/orders-screen';

export default function AdminOrders() {
  useAdminTitle('Commandes');
  return <OrdersScreen />;
}
