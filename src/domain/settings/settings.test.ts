import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, shippingSwitchHint, shopSettingsSchema } from './settings';

describe('the Commerce tab (walk defect 13)', () => {
  it('describes the delivery switch in the state it is in', () => {
    expect(shippingSwitchHint(true)).not.toMatch(/Désactivée/);
    expect(shippingSwitchHint(false)).toBe('Désactivée : seul le retrait en boutique est proposé.');
  });
});

describe('text limits (walk defect 12)', () => {
  it('says the limit a text broke', () => {
    const result = shopSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, shopName: 'x'.repeat(121) });
    expect(result.error?.issues[0]?.message).toBe('Ce texte est trop long (120 caractères maximum)');
  });
});
