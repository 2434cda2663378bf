import { LayoutDashboard, type LucideIcon, Package, Settings, ShoppingCart, Users } from 'lucide-react';

/** The back-office screens (back-office.md §2), grouped as the sidebar shows them. */
export interface AdminPage {
  path: string;
  /** The sidebar entry, the header badge and the document title (useAdminTitle). */
  name: string;
  icon: LucideIcon;
}

export const ADMIN_GROUPS: { label: string; pages: AdminPage[] }[] = [
  {
    label: 'Gestion',
    pages: [
      { path: '/admin/dashboard', name: 'Tableau de bord', icon: LayoutDashboard },
      { path: '/admin/products', name: 'Produits', icon: Package },
      { path: '/admin/customers', name: 'Clients', icon: Users },
      { path: '/admin/orders', name: 'Commandes', icon: ShoppingCart },
    ],
  },
  { label: 'Configuration', pages: [{ path: '/admin/settings', name: 'Paramètres', icon: Settings }] },
];

export const adminPageAt = (pathname: string): AdminPage | undefined =>
  ADMIN_GROUPS.flatMap((g) => g.pages).find((p) => pathname.startsWith(p.path));
