import {
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Receipt,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Users,
} from 'lucide-react';
import type { StaffRole } from '@/domain/account/roles';

/** The back-office screens (back-office.md §2), grouped as the sidebar shows them. */
export interface AdminPage {
  path: string;
  /** The sidebar entry, the header badge and the document title (useAdminTitle). */
  name: string;
  icon: LucideIcon;
  /**
   * Who opens the screen. Auditors read orders and the order log and nothing else: the catalogue,
   * customers' personal data, settings and contact requests are the admins' work
   * (docs/decisions/012-auditor-audit-inbox.md).
   */
  roles: readonly StaffRole[];
}

const ADMINS = ['admin'] as const;
const STAFF = ['admin', 'auditor'] as const;

export const ADMIN_GROUPS: { label: string; pages: AdminPage[] }[] = [
  {
    label: 'Gestion',
    pages: [
      { path: '/admin/dashboard', name: 'Tableau de bord', icon: LayoutDashboard, roles: ADMINS },
      { path: '/admin/products', name: 'Produits', icon: Package, roles: ADMINS },
      { path: '/admin/customers', name: 'Clients', icon: Users, roles: ADMINS },
      { path: '/admin/orders', name: 'Commandes', icon: ShoppingCart, roles: STAFF },
      { path: '/admin/contact', name: 'Demandes de contact', icon: Inbox, roles: ADMINS },
    ],
  },
  {
    label: 'Contrôle',
    pages: [
      { path: '/admin/invoices', name: 'Factures', icon: Receipt, roles: STAFF },
      { path: '/admin/audit', name: 'Audit', icon: ShieldCheck, roles: STAFF },
    ],
  },
  {
    label: 'Configuration',
    pages: [{ path: '/admin/settings', name: 'Paramètres', icon: Settings, roles: ADMINS }],
  },
];

export const adminPageAt = (pathname: string): AdminPage | undefined =>
  ADMIN_GROUPS.flatMap((g) => g.pages).find((p) => pathname.startsWith(p.path));

/** The sidebar of a role: its groups with only the screens it may open. */
export const adminGroupsFor = (role: StaffRole) =>
  ADMIN_GROUPS.map((g) => ({ ...g, pages: g.pages.filter((p) => p.roles.includes(role)) })).filter(
    (g) => g.pages.length > 0,
  );

/** Where a role lands after sign-in, or when it opens a screen that is not its own. */
export const adminHomeFor = (role: StaffRole) => (role === 'admin' ? '/admin/dashboard' : '/admin/orders');
