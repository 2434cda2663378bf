import { z } from 'zod';
import { normalizeId } from './text.js';

/*
 * Id inputs of procedures (zod, so kept apart from text.ts, which the sign-in page imports without
 * pulling zod into its first load).
 */
/** A uuid input, lower-cased before it is checked (the form every query and comparison uses). */
export const uuidInput = (message: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: message }));

/** An id input that may name nothing: normalised, bounded; the procedure answers not found. */
export const idInput = z.string().trim().max(100).transform(normalizeId);
