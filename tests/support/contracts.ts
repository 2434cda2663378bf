/**
 * The opening of the yearly contracts' tests (ADR 044, 046): a site written as the back-office's
 * site screens leave it, a restaurant's or a household's contract form, the mailing the commands
 * take, and the signature through the real command at an injected time.
 */
import { randomUUID } from 'node:crypto';
import { type ContractFormInput, contractInputSchema } from '../../src/domain/contracts/contract.js';
import { signContract } from '../../src/server/contracts/commands.js';
import type { Sql } from '../../src/server/db/client.js';
import type { AppointmentMailing } from '../../src/server/interventions/appointments.js';
import { readSettings } from '../../src/server/settings/store.js';

export interface ContractTestConfig {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
}
export type ContractMailing = AppointmentMailing & { config: ContractTestConfig };

/** An admin's command at `at` (ISO). */
export const contractMeta = (at: string) => ({
  actor: { kind: 'admin' as const, userId: 'admin-1' },
  at,
  requestId: `test:${at}`,
});

/** The documents' clock stopped at `iso` (an invoice or credit note dated then). */
export const clockAt = (iso: string) => async () => new Date(iso);

/** What the contract commands mail with: the links' base and secret, the shop's settings. */
export async function contractMailing(sql: Sql, config: ContractTestConfig): Promise<ContractMailing> {
  return {
    publicUrl: config.PUBLIC_URL,
    secret: config.AUTH_SECRET,
    settings: (await readSettings(sql)).settings,
    config,
  };
}

/** A site of no account: a restaurant's premises or a home (its type decides the contract's VAT). */
export async function insertContractSite(
  sql: Sql,
  siteType = 'logement_ancien',
  name = 'Maison Durand',
): Promise<string> {
  const id = randomUUID();
  await sql`
    insert into sites (id, customer_id, name, street, zip_code, city, site_type)
    values (${id}, null, ${name}, '12 quai de Seine', '27100', 'Val-de-Reuil', ${siteType})`;
  return id;
}

/** A restaurant of 12 employees, in its establishment: 6 visits a year, billed quarterly. */
export const restaurantContract = (siteId: string): ContractFormInput => ({
  siteId,
  customer: {
    name: 'Paul Martin',
    email: 'bistrot@example.fr',
    street: '12 quai de Seine',
    zipCode: '27100',
    city: 'Val-de-Reuil',
    companyName: 'Le Bistrot du Port SARL',
    siren: '552100554',
  },
  customerKind: 'professionnel',
  headcount: 12,
  activity: 'Restauration',
  withinMainActivity: false,
  conclusionMode: 'en_etablissement',
  signedOnline: false,
  pests: ['rongeurs', 'blattes'],
  zones: ['Cuisine', 'Réserve'],
  visitsPerYear: 6,
  deviceBaseline: { poste_appatage: 12 },
  yearlyPriceExclCents: 120_001,
  billingRhythm: 'quarterly',
  startDate: '2027-01-01',
  termMonths: 12,
  tacitRenewal: true,
  noticeMonths: 1,
});

/** A household signed online: 2 visits a year, 180 € HT billed yearly, from 1 January 2027. */
export const householdContract = (
  siteId: string,
  over: Partial<ContractFormInput> = {},
): ContractFormInput => ({
  siteId,
  customer: {
    name: 'Claire Durand',
    email: 'claire@example.fr',
    street: '3 rue des Lilas',
    zipCode: '27000',
    city: 'Évreux',
  },
  customerKind: 'particulier',
  conclusionMode: 'a_distance',
  signedOnline: true,
  pests: ['rongeurs'],
  visitsPerYear: 2,
  yearlyPriceExclCents: 18_000,
  billingRhythm: 'yearly',
  startDate: '2027-01-01',
  termMonths: 12,
  tacitRenewal: true,
  noticeMonths: 1,
  ...over,
});

/** « Nouveau contrat » through the real command, signed at `at` (10 December 2026 by default). */
export const signTestContract = (
  sql: Sql,
  input: ContractFormInput,
  mailing: AppointmentMailing,
  at = '2026-12-10T09:00:00.000Z',
) => signContract(sql, contractInputSchema.parse(input), contractMeta(at), mailing);
