import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_AUTH_SECRET, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'quatre' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'quatre' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'court' })).toThrow(/ADMIN_PASSWORD/);
  });

  describe('secrets in production', () => {
    const strong = 'k7Jq2v9Xr4LmT8wZp3Nc6Hs1Bd5Fg0Ya';
    const refused = [
      ['missing', undefined, /AUTH_SECRET: is not set/],
      ['short', 'x'.repeat(31), /AUTH_SECRET: is shorter than 32/],
      ['the development default', DEV_AUTH_SECRET, /AUTH_SECRET: is a published default/],
      ['the old docker-compose value', 'change-me-to-a-long-random-string', /AUTH_SECRET: is a published/],
    ] as const;
    for (const [label, value, message] of refused) {
      it(`refuses to start with a ${label} AUTH_SECRET when NODE_ENV=production and PUBLIC_URL is set`, () => {
        const env = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: value };
        expect(() => loadConfig(env)).toThrow(message);
      });
      it(`refuses a ${label} AUTH_SECRET behind a public address, whatever NODE_ENV`, () => {
        const env = { NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example.fr', AUTH_SECRET: value };
        expect(() => loadConfig(env)).toThrow(message);
      });
    }

    it('accepts a long random AUTH_SECRET, and a separate AUDIT_KEY for the checkpoints', () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://s.example',
        AUTH_SECRET: strong,
      });
      expect(config.AUTH_SECRET).toBe(strong);
      expect(config.AUDIT_KEY).toBe(strong);
      const audit = `${strong}-audit`;
      expect(
        loadConfig({ PUBLIC_URL: 'https://s.example', AUTH_SECRET: strong, AUDIT_KEY: audit }).AUDIT_KEY,
      ).toBe(audit);
      expect(() =>
        loadConfig({ PUBLIC_URL: 'https://s.example', AUTH_SECRET: strong, AUDIT_KEY: DEV_AUTH_SECRET }),
      ).toThrow(/AUDIT_KEY/);
    });

    it('lets the order-log commands run with AUDIT_KEY alone', () => {
      const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://s.example', AUDIT_KEY: strong };
      expect(() => loadConfig(env)).toThrow(/AUTH_SECRET/);
      expect(loadConfig(env, { purpose: 'audit' }).AUDIT_KEY).toBe(strong);
    });

    it('gives `npm start` on loopback a random secret of its own instead of a published one', () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'h27-config-'));
      const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
      expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(first.AUTH_SECRET).not.toBe(DEV_AUTH_SECRET);
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
      expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.AUTH_SECRET);
      // `npm run orders:verify` on the same data folder (not in production mode) signs and checks the
      // server's checkpoints with that same secret, not the development default.
      expect(loadConfig({ DATA_DIR: dir }).AUDIT_KEY).toBe(first.AUTH_SECRET);
      expect(loadConfig({ DATA_DIR: dir }, { purpose: 'audit' }).AUDIT_KEY).toBe(first.AUTH_SECRET);
    });
  });

  describe('trusted origins', () => {
    it('trusts localhost, 127.0.0.1 and [::1] on PORT when PUBLIC_URL is unset', () => {
      expect(loadConfig({ PORT: '4010' }).trustedOrigins).toEqual([
        'http://localhost:4010',
        'http://127.0.0.1:4010',
        'http://[::1]:4010',
      ]);
    });
    it('trusts only PUBLIC_URL when it is set', () => {
      expect(loadConfig({ PORT: '4010', PUBLIC_URL: 'http://localhost:4010/' }).trustedOrigins).toEqual([
        'http://localhost:4010',
      ]);
    });
  });
});
