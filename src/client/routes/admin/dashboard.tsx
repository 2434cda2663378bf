import { DashboardScreen } from '@/client/features/admin/dashboard/dashboard-screen';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';

export default function AdminDashboard() {
  useAdminTitle('Tableau de bord');
  return <DashboardScreen />;
}
