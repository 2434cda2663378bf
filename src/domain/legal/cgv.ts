/**
 * The CGV's version and date. Each order records the version the customer accepted at checkout
 * (OrderPlaced.cgvVersion), so that a later change of the terms never rewrites an earlier contract.
 * Change the CGV text (src/client/features/marketing/legal-content.tsx): bump both here.
 */
import { frenchDay } from '../site/french-day.js';

export const CGV_VERSION = '2026-11-25';
/** As the page and the checkout show it. */
export const CGV_DATE = frenchDay(CGV_VERSION);
export const cgvVersionLabel = (version: string = CGV_VERSION) => `version du ${frenchDay(version)}`;

/**
 * The periods of the right of withdrawal, in days, where every text that states them reads them
 * (CGV, checkout, confirmation, mails, the order page): 14 days to withdraw from the receipt of the
 * goods (C. conso L221-18), 14 days for the customer to send them back (L221-23), 14 days for the
 * shop to refund once told (L221-24). The rules that count them: domain/orders/withdrawal.ts.
 */
export const WITHDRAWAL_DAYS = 14;
export const RETURN_DAYS = 14;
export const REFUND_DAYS = 14;

/**
 * The hygiene exception (C. conso L221-28 5°), stated before the contract (CGV, checkout, mail):
 * it only applies when stated beforehand, and the owner records it case by case.
 */
export const HYGIENE_NOTICE =
  "Exception : le droit de rétractation ne peut être exercé pour les biens scellés (produits d'hygiène, produits biocides) que vous avez descellés après la livraison et qui ne peuvent être renvoyés pour des raisons d'hygiène ou de protection de la santé (article L221-28 5° du Code de la consommation).";
