import { router } from '../trpc.js';
import { accountRouter } from './account.js';
import { adminProductsRouter } from './admin-products.js';
import { auditRouter } from './audit.js';
import { catalogRouter } from './catalog.js';
import { checkoutRouter } from './checkout.js';
import { contactRouter } from './contact.js';
import { dashboardRouter } from './dashboard.js';
import { ordersRouter } from './orders.js';
import { sessionRouter } from './session.js';

export const appRouter = router({
  account: accountRouter,
  adminProducts: adminProductsRouter,
  audit: auditRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  dashboard: dashboardRouter,
  orders: ordersRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
