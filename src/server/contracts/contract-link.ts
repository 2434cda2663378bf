/**
 * The signed link to a contract's customer page (/contrat/{token}), mailed at signature and with
 * every contract mail: the contract, its next visits, its invoices and « Résilier mon contrat »
 * without an account. The same stateless scheme as the intervention link (intervention-link.ts),
 * under a label of its own so no other token opens a contract.
 */
import { idFromSignedToken, signedIdToken } from '../orders/order-link.js';

const LABEL = 'contract-link:v1:';

export const contractToken = (secret: string, id: string) => signedIdToken(secret, LABEL, id);
export const contractIdFromToken = (secret: string, token: string) =>
  token.length <= 100 ? idFromSignedToken(secret, LABEL, token) : null;

export const contractLinkUrl = (publicUrl: string, secret: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}/contrat/${contractToken(secret, id)}`;
