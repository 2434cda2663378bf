import { describe, expect, it } from 'vitest';
import {
  commerceRules,
  DEFAULT_SETTINGS,
  parseSettingsForm,
  settingsFormValues,
  shippingSwitchHint,
  shopSettingsSchema,
} from './settings.js';

describe('settings money in integer cents, euros only at the form', () => {
  it('shows the owner euros as typed and keeps cents', () => {
    const form = settingsFormValues(DEFAULT_SETTINGS);
    expect([form.defaultShippingCostCents, form.freeShippingThresholdCents]).toEqual(['5,99', '50']);
    const parsed = shopSettingsSchema.parse(parseSettingsForm({ ...form, defaultShippingCostCents: '7,5' }));
    expect([parsed.defaultShippingCostCents, parsed.freeShippingThresholdCents]).toEqual([750, 5000]);
  });

  it('rounds typed euros to the nearest cent, as the screen always did', () => {
    const form = settingsFormValues(DEFAULT_SETTINGS);
    expect(parseSettingsForm({ ...form, defaultShippingCostCents: '0,3' }).defaultShippingCostCents).toBe(30);
    expect(parseSettingsForm({ ...form, defaultShippingCostCents: '19,999' }).defaultShippingCostCents).toBe(
      2000,
    );
  });

  it('refuses fractions of a cent and negative amounts from an API caller, in French', () => {
    const issue = (cents: number) =>
      shopSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, defaultShippingCostCents: cents }).error?.issues[0]
        ?.message;
    expect(issue(599.5)).toBe('Les frais de port ne peuvent pas être négatifs');
    expect(issue(-1)).toBe('Les frais de port ne peuvent pas être négatifs');
    expect(issue(599)).toBeUndefined();
  });

  it('hands the pricing rules the same cents', () => {
    expect(commerceRules(DEFAULT_SETTINGS)).toMatchObject({
      defaultShippingCostCents: 599,
      freeShippingThresholdCents: 5000,
    });
  });
});

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
