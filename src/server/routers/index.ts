import { router } from '../trpc.js';
import { accountRouter } from './account.js';
import { adminCustomersRouter } from './admin-customers.js';
import { adminProductsRouter } from './admin-products.js';
import { auditRouter } from './audit.js';
import { catalogRouter } from './catalog.js';
import { checkoutRouter } from './checkout.js';
import { contactRouter } from './contact.js';
import { contractsRouter } from './contracts.js';
import { dashboardRouter } from './dashboard.js';
import { devisRouter } from './devis.js';
import { inspectorRouter } from './inspector.js';
import { interventionsRouter } from './interventions.js';
import { invoicesRouter } from './invoices.js';
import { liveRouter } from './live.js';
import { ordersRouter } from './orders.js';
import { planningRouter } from './planning.js';
import { privacyRouter } from './privacy.js';
import { reportsRouter } from './reports.js';
import { sessionRouter } from './session.js';
import { settingsRouter } from './settings.js';
import { siteActivityRouter } from './site-activity.js';
import { sitesRouter } from './sites.js';
import { treatmentRegisterRouter } from './treatment-register.js';
import { visitsRouter } from './visits.js';
import { withdrawalRouter } from './withdrawal.js';

export const appRouter = router({
  account: accountRouter,
  adminProducts: adminProductsRouter,
  audit: auditRouter,
  adminCustomers: adminCustomersRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  contracts: contractsRouter,
  dashboard: dashboardRouter,
  devis: devisRouter,
  inspector: inspectorRouter,
  interventions: interventionsRouter,
  invoices: invoicesRouter,
  live: liveRouter,
  orders: ordersRouter,
  planning: planningRouter,
  privacy: privacyRouter,
  reports: reportsRouter,
  session: sessionRouter,
  settings: settingsRouter,
  siteActivity: siteActivityRouter,
  sites: sitesRouter,
  visits: visitsRouter,
  treatmentRegister: treatmentRegisterRouter,
  withdrawal: withdrawalRouter,
});

export type AppRouter = typeof appRouter;
