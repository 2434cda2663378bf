import { router } from '../trpc.js';
import { accountRouter } from './account.js';
import { adminCustomersRouter } from './admin-customers.js';
import { adminProductsRouter } from './admin-products.js';
import { catalogRouter } from './catalog.js';
import { checkoutRouter } from './checkout.js';
import { contactRouter } from './contact.js';
import { ordersRouter } from './orders.js';
import { sessionRouter } from './session.js';

export const appRouter = router({
  account: accountRouter,
  adminProducts: adminProductsRouter,
  adminCustomers: adminCustomersRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  orders: ordersRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
