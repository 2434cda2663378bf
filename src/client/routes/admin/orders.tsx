import { ShoppingCart } from 'lucide-react';
import { ComingScreen } from '@/client/features/admin/layout/coming-screen';

export default function AdminOrders() {
  return (
    <ComingScreen
      title="Gestion des Commandes"
      name="Commandes"
      icon={ShoppingCart}
      text="La gestion des commandes arrive dans une prochaine version de l'administration."
    />
  );
}
