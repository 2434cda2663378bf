import { trpc } from '@/client/lib/trpc';

/**
 * Who is signed in, from the session cookie (httpOnly, so only the server can read it): null when
 * signed out, undefined while the first answer is on its way.
 */
export function useSession() {
  const me = trpc.session.me.useQuery(undefined, { staleTime: 60_000 });
  return { user: me.data, isLoading: me.isLoading };
}

/**
 * The better-auth calls (auth-api.ts) load with the first interaction, like the form schemas: the
 * account pages show without them.
 */
export const loadAuthApi = () => import('./auth-api');

/** After sign-in, sign-up or sign-out: every cached answer may depend on who is signed in. */
export function useAuthChanged() {
  const utils = trpc.useUtils();
  return async () => {
    await utils.invalidate();
  };
}
