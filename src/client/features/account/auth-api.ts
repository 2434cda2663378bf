import { authErrorMessage, GENERIC_AUTH_MESSAGE } from '@/domain/account/auth-errors';

/*
 * The few better-auth endpoints the storefront uses, called with plain fetch: no auth client
 * library in the shopper's bundle. The session itself is read through tRPC (session.me).
 */

export type AuthResult = { ok: true } | { ok: false; status: number; message: string };

async function post(path: string, body: unknown): Promise<AuthResult> {
  try {
    const res = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    if (res.ok) return { ok: true };
    const data = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    return { ok: false, status: res.status, message: authErrorMessage(res.status, data) };
  } catch {
    return { ok: false, status: 0, message: GENERIC_AUTH_MESSAGE };
  }
}

export const signIn = (input: { email: string; password: string }) =>
  post('/sign-in/email', { email: input.email.trim(), password: input.password });

export const signUp = (input: { firstName: string; lastName: string; email: string; password: string }) =>
  post('/sign-up/email', {
    ...input,
    email: input.email.trim(),
    name: `${input.firstName.trim()} ${input.lastName.trim()}`,
    // Where the confirmation link of the verification mail lands.
    callbackURL: '/compte',
  });

export const signOut = () => post('/sign-out', {});

export const requestPasswordReset = (email: string) =>
  post('/request-password-reset', { email: email.trim(), redirectTo: '/reinitialiser-mot-de-passe' });

export const resetPassword = (token: string, newPassword: string) =>
  post('/reset-password', { token, newPassword });
