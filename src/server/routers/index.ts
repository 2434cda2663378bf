import { router } from '../trpc.js';
import { accountRouter } from './account.js';
import { adminProductsRouter } from './admin-products.js';
import { catalogRouter } from './catalog.js';
import { checkoutRouter } from './checkout.js';
import { contactRouter } from './contact.js';
import { ordersRouter } from './orders.js';
import { sessionRouter } from './session.js';
import { settingsRouter } from './settings.js';

export const appRouter = router({
  account: accountRouter,
  adminProducts: adminProductsRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  orders: ordersRouter,
  session: sessionRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
