/**
 * The signed link to a site's customer page (/site/{token}, docs/decisions/045-inspector-folder.md):
 * its plan, its reports and « Signaler une observation » without an account. Mailed with the
 * contract that covers the site (ADR 044). The same stateless scheme as the contract link, under a
 * label of its own so no other token opens a site.
 */
import { idFromSignedToken, signedIdToken } from '../orders/order-link.js';

const LABEL = 'site-link:v1:';

export const siteToken = (secret: string, siteId: string) => signedIdToken(secret, LABEL, siteId);
export const siteIdFromToken = (secret: string, token: string) =>
  token.length <= 100 ? idFromSignedToken(secret, LABEL, token) : null;
export const siteLinkUrl = (publicUrl: string, secret: string, siteId: string) =>
  `${publicUrl.replace(/\/$/, '')}/site/${siteToken(secret, siteId)}`;
