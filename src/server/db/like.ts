/** A LIKE pattern that finds `term` anywhere, its own %, _ and \ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
