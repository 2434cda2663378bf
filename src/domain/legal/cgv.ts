/**
 * The CGV's version and date. Each order records the version the customer accepted at checkout
 * (OrderPlaced.cgvVersion), so that a later change of the terms never rewrites an earlier contract.
 * Change the CGV text (src/client/features/marketing/legal-content.tsx): bump both here.
 */
export const CGV_VERSION = '2026-11-25';
/** As the page and the checkout show it. */
export const CGV_DATE = '25/11/2026';
export const cgvVersionLabel = (version: string = CGV_VERSION) =>
  `version du ${version.split('-').reverse().join('/')}`;
