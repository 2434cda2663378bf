import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { firstAdminPassword } from './seed.js';

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(48),
  PUBLIC_URL: 'https://boutique.example',
};

describe('the first admin password (issue 23, finding 9)', () => {
  it('refuses the published password in production, naming ADMIN_PASSWORD', () => {
    expect(() => firstAdminPassword(loadConfig({ ...production, ADMIN_PASSWORD: 'admin12345' }))).toThrow(
      /ADMIN_PASSWORD: is a published default value/,
    );
  });
  it('without one in production, gives a random password and a one-time link', () => {
    const first = firstAdminPassword(loadConfig(production));
    expect(first.oneTimeLink).toBe(true);
    expect(first.password).not.toBe('admin12345');
    expect(first.password.length).toBeGreaterThanOrEqual(32);
  });
  it("keeps the operator's own password, and the development default outside production", () => {
    expect(
      firstAdminPassword(loadConfig({ ...production, ADMIN_PASSWORD: 'un mot de passe à moi' })),
    ).toEqual({
      password: 'un mot de passe à moi',
      oneTimeLink: false,
    });
    expect(firstAdminPassword(loadConfig({ NODE_ENV: 'development' })).password).toBe('admin12345');
  });
});
