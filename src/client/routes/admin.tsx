import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminGuard } from '@/client/features/admin/layout/admin-guard';
import { AdminLayout } from '@/client/features/admin/layout/admin-layout';
import { LiveProvider } from '@/client/lib/live-client';
import AdminAudit from './admin/audit';
import AdminContact from './admin/contact';
import AdminCustomers from './admin/customers';
import AdminDashboard from './admin/dashboard';
import AdminInvoices from './admin/invoices';
import AdminLogin from './admin/login';
import AdminOrders from './admin/orders';
import AdminProducts from './admin/products';
import AdminSettings from './admin/settings';
import NotFound from './not-found';

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
        <Route path="dashboard" element={<AdminDashboard />} />
        <Route path="products" element={<AdminProducts />} />
        <Route path="customers" element={<AdminCustomers />} />
        <Route path="orders" element={<AdminOrders />} />
        <Route path="settings" element={<AdminSettings />} />
        <Route path="audit" element={<AdminAudit />} />
        <Route path="invoices" element={<AdminInvoices />} />
        <Route path="contact" element={<AdminContact />} />
      </Route>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      {/* The server answers an unknown /admin/… path with the 404 page: the app shows the same. */}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
