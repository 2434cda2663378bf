import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminGuard } from '@/client/features/admin/layout/admin-guard';
import { AdminLayout } from '@/client/features/admin/layout/admin-layout';
import { LiveProvider } from '@/client/lib/live-client';
// zod's own messages in French on every back-office screen, forms or not.
import '@/domain/common/zod-fr';
import type { AdminScreen } from '@/domain/site/routes';
import AdminAudit from './admin/audit';
import AdminContact from './admin/contact';
import AdminContracts from './admin/contracts';
import AdminCustomers from './admin/customers';
import AdminDashboard from './admin/dashboard';
import AdminInterventions from './admin/interventions';
import AdminInvoices from './admin/invoices';
import AdminLogin from './admin/login';
import AdminOrders from './admin/orders';
import AdminPlanning from './admin/planning';
import AdminProducts from './admin/products';
import AdminRapport from './admin/rapport';
import AdminSettings from './admin/settings';
import AdminSites from './admin/sites';
import AdminTournee from './admin/tournee';
import AdminTreatments from './admin/treatments';
import NotFound from './not-found';

/**
 * Each screen of the server's list (ADMIN_SCREENS in domain/site/routes.ts), by its path: keyed by
 * that list, so a screen cannot be routed here and missing there (a reload would answer 404).
 */
const SCREENS: Record<AdminScreen, ComponentType> = {
  dashboard: AdminDashboard,
  products: AdminProducts,
  customers: AdminCustomers,
  orders: AdminOrders,
  contact: AdminContact,
  interventions: AdminInterventions,
  sites: AdminSites,
  planning: AdminPlanning,
  contracts: AdminContracts,
  tournee: AdminTournee,
  rapport: AdminRapport,
  treatments: AdminTreatments,
  invoices: AdminInvoices,
  audit: AdminAudit,
  settings: AdminSettings,
};

/**
 * The back-office: one chunk of its own (app.tsx loads it lazily for /admin/*), so no storefront
 * route ever downloads it. Every screen but the sign-in sits behind the access rule, and follows
 * changes live over the chunk's websocket client (LiveProvider).
 */
export default function Admin() {
  return (
    <Routes>
      <Route path="login" element={<AdminLogin />} />
      <Route
        element={
          <AdminGuard>
            <LiveProvider>
              <AdminLayout />
            </LiveProvider>
          </AdminGuard>
        }
      >
        {Object.entries(SCREENS).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Route>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      {/* The server answers an unknown /admin/… path with the 404 page: the app shows the same. */}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
