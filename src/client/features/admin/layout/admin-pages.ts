import {
  CalendarDays,
  FileSignature,
  FileText,
  FlaskConical,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MapPinned,
  Package,
  Receipt,
  Route,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Users,
  Wrench,
} from 'lucide-react';
import type { BackOfficeRole } from '@/domain/account/roles';
import type { AdminScreen } from '@/domain/site/routes';

/** The back-office screens (back-office.md §2), grouped as the sidebar shows them. */
export interface AdminPage {
  /** One of the server's known screens (a sidebar link the server answers 404 for cannot be written). */
  path: `/admin/${AdminScreen}`;
  /** The sidebar entry, the header badge and the document title (useAdminTitle). */
  name: string;
  icon: LucideIcon;
  /**
   * Who opens the screen. Auditors read orders and the order log and nothing else: the catalogue,
   * customers' personal data, settings and contact requests are the admins' work
   * (docs/decisions/012-auditor-audit-inbox.md).
   */
  roles: readonly BackOfficeRole[];
}

const ADMINS = ['admin'] as const;
const STAFF = ['admin', 'auditor'] as const;
/** The planning: the owner, and each technician for their own appointments (ADR 036). */
const PLANNING = ['admin', 'technician'] as const;

export const ADMIN_GROUPS: { label: string; pages: AdminPage[] }[] = [
  {
    label: 'Gestion',
    pages: [
      { path: '/admin/dashboard', name: 'Tableau de bord', icon: LayoutDashboard, roles: ADMINS },
      { path: '/admin/products', name: 'Produits', icon: Package, roles: ADMINS },
      { path: '/admin/customers', name: 'Clients', icon: Users, roles: ADMINS },
      { path: '/admin/orders', name: 'Commandes', icon: ShoppingCart, roles: STAFF },
      { path: '/admin/interventions', name: 'Interventions', icon: Wrench, roles: ADMINS },
      // The customers' sites, their plans and QR-labelled devices (issue 38, ADR 042).
      { path: '/admin/sites', name: 'Sites', icon: MapPinned, roles: ADMINS },
      { path: '/admin/planning', name: 'Planning', icon: CalendarDays, roles: PLANNING },
      { path: '/admin/contracts', name: 'Contrats', icon: FileText, roles: ADMINS },
      { path: '/admin/tournee', name: 'Tournée', icon: Route, roles: PLANNING },
      // The biocides the technicians applied (ADR 040): an inspector's reading, so auditors too.
      { path: '/admin/treatments', name: 'Registre des traitements', icon: FlaskConical, roles: STAFF },
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

/**
 * Screens opened from another screen, never from the sidebar: they still name themselves in the
 * header and keep out who may not open them.
 */
export const ADMIN_LINKED_PAGES: AdminPage[] = [
  // Opened from « Tournée » after « Terminé » (ADR 038): the owner or the appointment's technician.
  { path: '/admin/rapport', name: 'Rapport d’intervention', icon: FileSignature, roles: PLANNING },
];

export const adminPageAt = (pathname: string): AdminPage | undefined =>
  [...ADMIN_GROUPS.flatMap((g) => g.pages), ...ADMIN_LINKED_PAGES].find((p) => pathname.startsWith(p.path));

/** The sidebar of a role: its groups with only the screens it may open. */
export const adminGroupsFor = (role: BackOfficeRole) =>
  ADMIN_GROUPS.map((g) => ({ ...g, pages: g.pages.filter((p) => p.roles.includes(role)) })).filter(
    (g) => g.pages.length > 0,
  );

/**
 * Where a role lands after sign-in, or when it opens a screen that is not its own. A technician
 * signs in on a phone to work the day's visits: « Tournée » (issue 37).
 */
export const adminHomeFor = (role: BackOfficeRole) =>
  role === 'admin' ? '/admin/dashboard' : role === 'technician' ? '/admin/tournee' : '/admin/orders';
