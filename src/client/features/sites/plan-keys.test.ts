import { describe, expect, it } from 'vitest';
import { nudgedPoint, planPositionWords } from './plan-keys';

describe('moving a marker with the arrow keys', () => {
  it('moves one step per key, five with Shift, in the key’s direction', () => {
    const at = { x: 0.5, y: 0.5 };
    expect(nudgedPoint(at, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 });
    expect(nudgedPoint(at, 'ArrowLeft', false)).toEqual({ x: 0.49, y: 0.5 });
    expect(nudgedPoint(at, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.45 });
    expect(nudgedPoint(at, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.55 });
  });

  it('adds steps up exactly and never leaves the plan', () => {
    let at = { x: 0.1, y: 0.98 };
    for (let i = 0; i < 7; i++) at = nudgedPoint(at, 'ArrowRight', false)!;
    expect(at.x).toBe(0.17);
    expect(nudgedPoint(at, 'ArrowDown', true)).toEqual({ x: 0.17, y: 1 });
    expect(nudgedPoint({ x: 0.02, y: 0 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0 });
  });

  it('ignores the other keys', () => {
    expect(nudgedPoint({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
    expect(nudgedPoint({ x: 0.5, y: 0.5 }, 'a', true)).toBeNull();
  });

  it('says where the marker is in words', () => {
    expect(planPositionWords({ x: 0.423, y: 0.3 })).toBe('à 42 % de la gauche et 30 % du haut du plan');
  });
});
