import { router } from '../trpc.js';
import { catalogRouter } from './catalog.js';
import { contactRouter } from './contact.js';
import { sessionRouter } from './session.js';

export const appRouter = router({
  catalog: catalogRouter,
  contact: contactRouter,
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
