import { Users } from 'lucide-react';
import { ComingScreen } from '@/client/features/admin/layout/coming-screen';

export default function AdminCustomers() {
  return (
    <ComingScreen
      title="Gestion des Clients"
      name="Clients"
      icon={Users}
      text="La gestion des clients arrive dans une prochaine version de l'administration."
    />
  );
}
