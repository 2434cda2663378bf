import { z } from 'zod';

/*
 * The one id rule. An id is a uuid as PostgreSQL's uuid type stores it: 8-4-4-4-12 hex digits, any
 * version. An id is trimmed and lower-cased FIRST, then checked: « A0000000-0000-0000-0000-000000000001 »
 * names the same row as its lower-case form and is accepted (as PostgreSQL itself reads it); the
 * version digit is not checked, so the fixtures' and seed's version-0 ids are ids everywhere (zod's
 * z.uuid() refuses them). Every query uses the lower-cased id.
 *
 * Kept apart from text.ts, which the sign-in page imports without pulling zod into its first load.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The form every query and comparison uses: trimmed, lower-case. */
export const normalizeId = (id: string): string => id.trim().toLowerCase();

/** The id `value` names, normalised; null when it names none (not a string, not a uuid). */
export function toId(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 100) return null;
  const id = normalizeId(value);
  return UUID.test(id) ? id : null;
}

export const isId = (value: unknown): boolean => toId(value) !== null;

/** A uuid input of a procedure: normalised, then checked, with the French message given. */
export const uuidInput = (message: string) => z.string().trim().toLowerCase().regex(UUID, { error: message });

/** An id input that may name nothing: normalised, bounded; the procedure answers not found. */
export const idInput = z.string().trim().max(100).transform(normalizeId);

/** The source of the uuid pattern, for patterns that contain an id (image URLs). */
export const UUID_PATTERN = UUID.source.slice(1, -1);
