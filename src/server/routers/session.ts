import { publicProcedure, router } from '../trpc.js';

export const sessionRouter = router({
  /** Who is signed in, with the role read from the profile (null when signed out). */
  me: publicProcedure.query(({ ctx }) => ctx.user),
});
