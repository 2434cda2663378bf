import type { PlanPoint } from '@/domain/sites/site';

/** An arrow key's step on the plan, as a fraction of its side; with Shift, five times that. */
export const KEY_STEP = 0.01;
export const LARGE_KEY_STEP = 0.05;

const DIRECTIONS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** Kept to four decimals (a tenth of a pixel on a 1,000-pixel plan), so steps add up exactly. */
const onPlan = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

/** Where an arrow key moves a marker (null: not an arrow key), never off the plan. */
export function nudgedPoint(point: PlanPoint, key: string, large: boolean): PlanPoint | null {
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const step = large ? LARGE_KEY_STEP : KEY_STEP;
  return { x: onPlan(point.x + direction.dx * step), y: onPlan(point.y + direction.dy * step) };
}

/** Where a marker is, as a screen reader says it: « à 42 % de la gauche et 30 % du haut du plan ». */
export const planPositionWords = (point: PlanPoint) =>
  `à ${Math.round(point.x * 100)} % de la gauche et ${Math.round(point.y * 100)} % du haut du plan`;
