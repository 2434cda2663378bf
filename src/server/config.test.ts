import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
