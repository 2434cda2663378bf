/**
 * « 23/11/2026 »: a calendar day written 'YYYY-MM-DD', as written (no time zone involved). A module
 * of its own (re-exported by dates.ts, the one place of every date formatter) so that the legal
 * texts of the checkout do not carry dates.ts's formatters (the initial JS budget, ADR 017).
 */
export const frenchDay = (day: string): string => day.split('-').reverse().join('/');
