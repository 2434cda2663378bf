import { productSchema } from './product.js';

/** Every message of the one product schema for an input, in the order of its rules, once each (tests only). */
export const validateProduct = (input: unknown): string[] => {
  const result = productSchema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};
