import { router } from '../trpc.js';
import { accountRouter } from './account.js';
import { catalogRouter } from './catalog.js';
import { checkoutRouter } from './checkout.js';
import { contactRouter } from './contact.js';
import { sessionRouter } from './session.js';

export const appRouter = router({
  account: accountRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  contact: contactRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
