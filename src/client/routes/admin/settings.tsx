import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { SettingsScreen } from '@/client/features/admin/settings/settings-screen';

export default function AdminSettings() {
  useAdminTitle('Paramètres');
  return <SettingsScreen />;
}
