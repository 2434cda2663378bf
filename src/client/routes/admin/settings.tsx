import { Settings } from 'lucide-react';
import { ComingScreen } from '@/client/features/admin/layout/coming-screen';

export default function AdminSettings() {
  return (
    <ComingScreen
      title="Paramètres"
      name="Paramètres"
      icon={Settings}
      text="Les paramètres de la boutique arrivent dans une prochaine version de l'administration."
    />
  );
}
