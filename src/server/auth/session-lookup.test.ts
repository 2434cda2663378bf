import { makeSignature } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { verifiedSessionToken } from './session-lookup';

const rules = { name: 'better-auth.session_token', secret: 'a-secret-of-the-test-only-0123456789' };
const signed = async (token: string, secret = rules.secret) =>
  `${rules.name}=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`;

describe('the session cookie check', () => {
  it('gives the token of a cookie signed with the secret, again when asked again', async () => {
    const cookie = await signed('token-one');
    expect(await verifiedSessionToken(cookie, rules)).toBe('token-one');
    expect(await verifiedSessionToken(`theme=dark; ${cookie}`, rules)).toBe('token-one');
  });

  it('refuses a cookie signed with another secret, or tampered, even after the genuine one passed', async () => {
    const genuine = await signed('token-two');
    expect(await verifiedSessionToken(genuine, rules)).toBe('token-two');
    expect(
      await verifiedSessionToken(genuine, { ...rules, secret: 'another-secret-0123456789-abcdefgh' }),
    ).toBe(null);
    expect(
      await verifiedSessionToken(await signed('token-two', 'forged-secret-0123456789-abcdefghij'), rules),
    ).toBe(null);
    const swapped = genuine.replace('token-two', 'token-twx');
    expect(await verifiedSessionToken(swapped, rules)).toBe(null);
  });

  it('has no session without the cookie', async () => {
    expect(await verifiedSessionToken('theme=dark', rules)).toBe(null);
  });
});
