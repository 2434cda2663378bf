import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical.js';

describe('canonical JSON (what every event hash covers)', () => {
  it('sorts keys by UTF-16 code unit, drops undefined members, keeps nulls and array holes as null', () => {
    const value = {
      été: 1,
      b: [3, undefined, { z: null, a: 'x' }],
      B: true,
      a: undefined,
      '😀': 'emoji',
      ﬀ: 'ligature',
      '': 0,
      nested: { k2: { y: 2, x: 1 }, k1: [] },
    };
    expect(canonicalJson(value)).toBe(
      '{"":0,"B":true,"b":[3,null,{"a":"x","z":null}],"nested":{"k1":[],"k2":{"x":1,"y":2}},"été":1,"😀":"emoji","ﬀ":"ligature"}',
    );
  });

  it('gives the text jsonb gives back for the same value, whatever the order it was written in', () => {
    expect(canonicalJson({ to: 'confirmed', from: 'pending' })).toBe(
      canonicalJson(JSON.parse('{"from":"pending","to":"confirmed"}')),
    );
  });

  it('refuses a number JSON cannot carry', () => {
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow('Non-finite number');
  });
});
