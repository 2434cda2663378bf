import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { ProductsScreen } from '@/client/features/admin/products/products-screen';

export default function AdminProducts() {
  useAdminTitle('Produits');
  return <ProductsScreen />;
}
