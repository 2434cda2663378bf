import { randomUUID } from 'node:crypto';
import type { Role } from '../../src/domain/account/roles.js';
import { DEFAULT_TARIFFS } from '../../src/domain/interventions/tariffs.js';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.js';
import { customerForm } from '../support/orders.js';

/*
 * THE authorization table: one line per procedure of appRouter, saying what each role gets.
 * authorization-matrix.test.ts walks the router and fails on any procedure missing here (and on
 * any line naming a procedure that no longer exists), so a new procedure cannot ship without a
 * declared expectation.
 *
 * Adding a procedure: one line below; `input` builds its input from the fixtures (called once per
 * role and transport, so a mutation can make a fresh key). Adding a role (the auditor): add it to
 * ROLES and ROLE_ACCOUNTS, give it a column in the shorthands; TypeScript then points at every
 * line that spells its roles out. Shorthands: everyone, signedIn, adminOnly (every change), staff
 * (admins and auditors: the back-office's reading).
 */

// The auditor and the technician are walked before the admin: a change they are refused leaves the
// fixtures as they were.
export const ROLES = ['anonymous', 'customerA', 'customerB', 'auditor', 'technician', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

/** The profile role of each signed-in test account (anonymous has none). */
export const ROLE_ACCOUNTS: Record<Exclude<RoleName, 'anonymous'>, Role> = {
  customerA: 'user',
  customerB: 'user',
  auditor: 'auditor',
  technician: 'technician',
  admin: 'admin',
};

/** 'ok', or the tRPC error code the call must fail with. */
export type Outcome = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT';
export type Expectation = Record<RoleName, Outcome>;

export const everyone: Expectation = {
  anonymous: 'ok',
  customerA: 'ok',
  customerB: 'ok',
  auditor: 'ok',
  technician: 'ok',
  admin: 'ok',
};
export const signedIn: Expectation = { ...everyone, anonymous: 'UNAUTHORIZED' };
/**
 * Every change of the back-office: an auditor is refused (FORBIDDEN) like a customer, and so is a
 * technician (« Technicien », issue 36): they open the back-office for their own planning only.
 */
export const adminOnly: Expectation = {
  anonymous: 'UNAUTHORIZED',
  customerA: 'FORBIDDEN',
  customerB: 'FORBIDDEN',
  auditor: 'FORBIDDEN',
  technician: 'FORBIDDEN',
  admin: 'ok',
};
const notFoundForAll: Expectation = {
  anonymous: 'NOT_FOUND',
  customerA: 'NOT_FOUND',
  customerB: 'NOT_FOUND',
  auditor: 'NOT_FOUND',
  technician: 'NOT_FOUND',
  admin: 'NOT_FOUND',
};
/** « Signaler une observation » at a site nobody may read (ADR 045). */
const sighting = () => ({
  siteId: randomUUID(),
  zoneId: null,
  what: 'Des traces',
  name: 'Alice',
  email: 'alice@example.fr',
  phone: '0612345678',
  photos: [],
});
/** The back-office's reading (orders, audit): admins and auditors; a technician is not staff. */
export const staff: Expectation = { ...adminOnly, auditor: 'ok' };
/** The planning's reading: the owner (everyone's) and technicians (their own only, see below). */
const planningReaders: Expectation = { ...adminOnly, technician: 'ok' };

/** An admin call naming nothing that exists: past the guard, NOT_FOUND. */
const adminFindsNothing: Expectation = { ...adminOnly, admin: 'NOT_FOUND' };

/** What the matrix creates before walking the router (once per transport). */
export interface Fixtures {
  productId: string;
  /** What the checkout shows beside its button for one product (checkout.place requires it). */
  shownTotal: { totalAmountCents: number; taxCents: number };
  /** An order of customer A. */
  orderOfA: string;
  /** Another order of customer A, for the procedures that end an order. */
  orderToRemove: string;
  userIds: Record<Exclude<RoleName, 'anonymous'>, string>;
}

export interface ProcedureRule {
  input?: (f: Fixtures) => unknown;
  expect: Expectation;
}

const placeInput = (f: Fixtures) => ({
  ...customerForm,
  deliveryMethod: 'delivery',
  lines: [{ productId: f.productId, quantity: 1 }],
  idempotencyKey: randomUUID(),
  shownTotal: f.shownTotal,
});

export const authorizationTable: Record<string, ProcedureRule> = {
  'account.profile': { expect: signedIn },
  'account.updateProfile': { input: () => ({ firstName: 'Jean', lastName: 'Martin' }), expect: signedIn },
  'account.certibiocide': { expect: signedIn },
  'account.updateCertibiocide': {
    input: () => ({ number: 'ABC-12345', category: 'nuisibles', expiresOn: '2030-01-01' }),
    expect: signedIn,
  },
  'account.totals': { expect: signedIn },
  'account.orders': { expect: signedIn },
  'account.erasureBlocker': { expect: signedIn },
  // Another customer's order: an empty list, never its documents.
  'account.documents': { input: (f) => ({ orderId: f.orderOfA }), expect: signedIn },
  'account.document': {
    input: () => ({ number: 'FA-2026-000001' }),
    expect: {
      anonymous: 'UNAUTHORIZED',
      customerA: 'NOT_FOUND',
      customerB: 'NOT_FOUND',
      auditor: 'NOT_FOUND',
      technician: 'NOT_FOUND',
      admin: 'NOT_FOUND',
    },
  },
  // Only its owner sees an order through the account: B and the admin's own account get NOT_FOUND.
  'account.order': {
    input: (f) => ({ id: f.orderOfA }),
    expect: {
      anonymous: 'UNAUTHORIZED',
      customerA: 'ok',
      customerB: 'NOT_FOUND',
      auditor: 'NOT_FOUND',
      technician: 'NOT_FOUND',
      admin: 'NOT_FOUND',
    },
  },
  'adminProducts.list': { expect: adminOnly },
  'adminProducts.categories': { expect: adminOnly },
  // Unknown categories: the admin passes the guard and gets NOT_FOUND; a fresh name is created.
  'adminProducts.createCategory': {
    input: () => ({ name: `Catégorie ${randomUUID().slice(0, 8)}` }),
    expect: adminOnly,
  },
  'adminProducts.renameCategory': {
    input: () => ({ id: randomUUID(), name: 'Renommée' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminProducts.mergeCategory': {
    input: () => ({ id: randomUUID(), intoId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminProducts.removeCategory': {
    input: () => ({ id: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminProducts.reorderCategories': { input: () => ({ ids: [] }), expect: adminOnly },
  'adminProducts.count': { expect: adminOnly },
  // An unknown product: the admin passes the guard and gets NOT_FOUND.
  'adminProducts.byId': { input: () => ({ id: randomUUID() }), expect: { ...adminOnly, admin: 'NOT_FOUND' } },
  'adminProducts.create': {
    input: () => ({ title: `Produit ${randomUUID()}`, price: 12.5 }),
    expect: adminOnly,
  },
  // Keeps the fixture product orderable (unlimited stock, visible) for the procedures walked after it.
  'adminProducts.update': {
    input: (f) => ({
      id: f.productId,
      title: `Piège ${f.productId.slice(0, 8)}`,
      price: 19.9,
      infiniteStock: true,
      isAvailable: true,
      isVisibleInShop: true,
    }),
    expect: adminOnly,
  },
  // An unknown product: the admin passes the guard and gets NOT_FOUND, the others never get that far.
  'adminProducts.remove': {
    input: () => ({ id: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminProducts.removeImage': {
    input: () => ({ url: `/images/${randomUUID()}` }),
    expect: adminOnly,
  },
  'adminCustomers.list': { input: () => ({ search: 'dupont', role: 'user' }), expect: adminOnly },
  'adminCustomers.create': {
    input: () => ({
      firstName: 'Camille',
      lastName: 'Leroy',
      email: `camille-${randomUUID().slice(0, 8)}@example.fr`,
      password: 'Frelon asiatique sous le toit 27',
    }),
    expect: adminOnly,
  },
  // Customer B keeps the role 'user': no session of the walk is ended.
  'adminCustomers.update': {
    input: (f) => ({ id: f.userIds.customerB, firstName: 'Bernard', lastName: 'Client', role: 'user' }),
    expect: adminOnly,
  },
  'adminCustomers.orders': { input: (f) => ({ id: f.userIds.customerA }), expect: adminOnly },
  // Unknown accounts: the admin passes the guard and gets NOT_FOUND (no mail is sent by the walk).
  'adminCustomers.sendPasswordReset': {
    input: () => ({ id: `inconnu-${randomUUID()}` }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminCustomers.resendVerification': {
    input: () => ({ id: `inconnu-${randomUUID()}` }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'adminCustomers.remove': {
    input: () => ({ id: `inconnu-${randomUUID()}` }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'account.emailProof': { expect: signedIn },
  'account.requestEmailProof': { expect: signedIn },
  // No code was asked for: refused for everyone signed in.
  'account.confirmEmailProof': {
    input: () => ({ code: '000000' }),
    expect: {
      ...signedIn,
      customerA: 'BAD_REQUEST',
      customerB: 'BAD_REQUEST',
      auditor: 'BAD_REQUEST',
      technician: 'BAD_REQUEST',
      admin: 'BAD_REQUEST',
    },
  },
  // A wrong password: nothing is deleted; an admin's own account may not be deleted at all.
  'account.deleteAccount': {
    input: () => ({ password: 'pas-le-bon-mot-de-passe', confirm: true }),
    expect: {
      anonymous: 'UNAUTHORIZED',
      customerA: 'BAD_REQUEST',
      customerB: 'BAD_REQUEST',
      auditor: 'BAD_REQUEST',
      technician: 'BAD_REQUEST',
      admin: 'FORBIDDEN',
    },
  },
  'privacy.policy': { expect: everyone },
  'privacy.settings': { expect: adminOnly },
  'privacy.updateSettings': {
    input: () => ({
      contactMonths: 12,
      inactiveAccountMonths: 36,
      inactivityWarningDays: 30,
      guestOrderMonths: 36,
      interventionRequestMonths: 36,
      contractMonths: 36,
      mailDays: 90,
    }),
    expect: adminOnly,
  },
  'account.setRole': { input: (f) => ({ userId: f.userIds.customerB, role: 'user' }), expect: adminOnly },
  'audit.overview': { expect: staff },
  // An unknown run: staff pass the guard and get NOT_FOUND.
  'audit.run': {
    input: () => ({ id: randomUUID() }),
    expect: { ...staff, auditor: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  // Records a verification run (changes nothing of the shop): the auditor's own job.
  'audit.verify': { expect: staff },
  'catalog.list': { expect: everyone },
  'catalog.byId': { input: (f) => ({ id: f.productId }), expect: everyone },
  'checkout.place': { input: placeInput, expect: everyone },
  'contact.send': {
    input: () => ({
      name: 'Jean Martin',
      email: 'jean.martin@example.fr',
      phone: '06 12 34 56 78',
      service: 'frelon',
      message: 'Bonjour, un nid de frelons sous le toit.',
    }),
    expect: everyone,
  },
  'contact.list': { input: () => ({ limit: 5 }), expect: adminOnly },
  // An unknown request: the admin passes the guard and gets NOT_FOUND.
  'contact.setHandled': {
    input: () => ({ id: randomUUID(), handled: true }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contact.newCount': { expect: adminOnly },
  // An unknown request: the admin passes the guard and gets NOT_FOUND.
  'contact.reply': {
    input: () => ({ id: randomUUID(), kind: 'call', body: 'Rappelé, passage demain 9 h' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'interventions.tariffs': { expect: everyone },
  'interventions.tariffSettings': { expect: adminOnly },
  'interventions.saveTariffs': {
    input: () => ({ ...DEFAULT_TARIFFS }),
    expect: adminOnly,
  },
  'interventions.request': {
    input: () => ({
      name: 'Jean Martin',
      email: 'jean.martin@example.fr',
      phone: '06 12 34 56 78',
      service: 'frelon',
      siteType: 'exterieur',
      street: '3 chemin des Prés',
      zipCode: '27000',
      city: 'Évreux',
      callbackConsent: true,
    }),
    expect: everyone,
  },
  'interventions.counts': { expect: adminOnly },
  'interventions.list': { input: () => ({}), expect: adminOnly },
  // An unknown intervention: the admin passes the guard and gets NOT_FOUND.
  'interventions.addNote': {
    input: () => ({ id: randomUUID(), note: 'Rappelé' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'interventions.markLost': {
    input: () => ({ id: randomUUID(), reason: 'Injoignable' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'interventions.reopen': {
    input: () => ({ id: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // The invoice from the report and its payments (docs/decisions/039): an unknown intervention.
  'interventions.invoice': {
    input: () => ({ id: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'interventions.recordPayment': {
    input: () => ({ id: randomUUID(), amountCents: 1000, method: 'cash', day: '2026-11-20' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // Devis: an unknown intervention, the admin passes the guard and gets NOT_FOUND.
  'devis.send': {
    input: () => ({
      id: randomUUID(),
      draft: { siteType: 'logement_ancien', customerKind: 'particulier', lines: [{ kind: 'travel', km: 0 }] },
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'devis.products': { expect: adminOnly },
  'devis.adminPdf': {
    input: () => ({ id: randomUUID(), number: 'DE-2026-000001' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'devis.recordOffPremises': {
    input: () => ({
      id: randomUUID(),
      number: 'DE-2026-000001',
      signerName: 'Jean Martin',
      signedOn: '2026-03-02',
      urgentWords: null,
      expressRequest: false,
      acknowledgement: false,
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // The signed devis page: the token is the right; one that is not ours is unknown to everyone.
  // (A valid token's reading and acceptance: devis.test.ts.)
  'devis.show': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: notFoundForAll,
  },
  'devis.pdf': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA', number: 'DE-2026-000001' }),
    expect: notFoundForAll,
  },
  'devis.requestCode': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA', number: 'DE-2026-000001' }),
    expect: notFoundForAll,
  },
  'devis.accept': {
    input: () => ({
      token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
      number: 'DE-2026-000001',
      hash: '0'.repeat(64),
      signerName: 'Jean Martin',
      code: '123456',
      expressRequest: false,
      acknowledgement: false,
    }),
    expect: notFoundForAll,
  },
  'devis.refuse': {
    input: () => ({
      token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
      number: 'DE-2026-000001',
      reason: '',
    }),
    expect: notFoundForAll,
  },
  'devis.mine': { expect: signedIn },
  // Appointments (ADR 036). A technician reads the planning's week (only their own appointments:
  // appointments.test.ts) and the interventions they are booked on (another's, or an unknown one, is
  // NOT_FOUND), and is refused everything else: booking, moving, cancelling, the settings, the
  // technicians' list, the interventions' pipeline, devis, orders, audit.
  'planning.week': { input: () => ({ day: '2030-01-08' }), expect: planningReaders },
  'treatmentRegister.list': { input: () => ({ from: '2030-01-01', to: '2030-01-31' }), expect: staff },
  'treatmentRegister.choices': { expect: staff },
  'planning.intervention': {
    input: () => ({ id: randomUUID() }),
    expect: { ...planningReaders, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'planning.technicians': { expect: adminOnly },
  'planning.settings': { expect: adminOnly },
  'planning.saveSettings': { input: () => ({ travelBufferMinutes: 30 }), expect: adminOnly },
  'planning.book': {
    input: () => ({
      interventionId: randomUUID(),
      technicianId: 'x',
      day: '2030-01-08',
      time: '09:00',
      durationMinutes: 60,
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'planning.move': {
    input: () => ({
      interventionId: randomUUID(),
      appointmentId: randomUUID(),
      technicianId: 'x',
      day: '2030-01-08',
      time: '09:00',
      durationMinutes: 60,
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'planning.cancel': {
    input: () => ({ interventionId: randomUUID(), appointmentId: randomUUID(), reason: 'Client absent' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'planning.mine': { expect: signedIn },
  // A token that is not ours: nobody gets anything.
  'planning.byToken': { input: () => ({ token: 'x' }), expect: notFoundForAll },
  'planning.confirm': {
    input: () => ({ token: 'x', appointmentId: randomUUID(), sequence: 0 }),
    expect: notFoundForAll,
  },
  'planning.askOtherSlot': {
    input: () => ({ token: 'x', appointmentId: randomUUID(), sequence: 0, message: 'Plutôt jeudi' }),
    expect: notFoundForAll,
  },
  // The visit (ADR 037): admins and technicians (technicians have their own test, visits.test.ts).
  'visits.record': {
    input: () => ({
      type: 'ArriveVisit',
      interventionId: randomUUID(),
      appointmentId: randomUUID(),
      clientEventId: randomUUID(),
      at: new Date().toISOString(),
    }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'visits.day': { input: () => ({ day: '2030-01-08' }), expect: { ...adminOnly, technician: 'ok' } },
  'visits.detail': {
    input: () => ({ interventionId: randomUUID(), appointmentId: randomUUID() }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'visits.products': { expect: { ...adminOnly, technician: 'ok' } },
  'visits.locate': {
    input: () => ({ code: 'ZZZZZZZZ' }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'visits.saveSite': {
    input: () => ({ interventionId: randomUUID(), accessNotes: 'Code 1234', hazards: [] }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'visits.episodes': { expect: adminOnly },
  'siteActivity.trends': {
    input: () => ({ siteId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // The admin's own account is not a technician's: refused with a reason, nothing written.
  'visits.certificate': {
    input: (f) => ({ userId: f.userIds.admin }),
    expect: { ...adminOnly, admin: 'BAD_REQUEST' },
  },
  'visits.saveCertificate': {
    input: (f) => ({
      userId: f.userIds.customerA,
      number: 'CB-2024-0001',
      category: 'nuisibles',
      expiresOn: '2030-01-01',
    }),
    expect: { ...adminOnly, admin: 'BAD_REQUEST' },
  },
  // Sealed reports (ADR 038): the owner or the appointment's technician seals (technicians: reports.test.ts).
  'reports.draft': {
    input: () => ({ interventionId: randomUUID(), appointmentId: randomUUID() }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'reports.seal': {
    input: () => ({
      interventionId: randomUUID(),
      appointmentId: randomUUID(),
      technician: { name: 'Théo Martin', strokes: 'M 1 1 L 20 20' },
      customer: null,
      customerAbsent: true,
    }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'reports.addendum': {
    input: () => ({
      interventionId: randomUUID(),
      reportNumber: 'RI-2026-000001',
      text: 'Correction',
      technician: { name: 'Théo Martin', strokes: 'M 1 1 L 20 20' },
    }),
    expect: { ...adminOnly, technician: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  // The public verification page: an unknown code is unknown to everyone.
  'reports.verify': { input: () => ({ code: 'ABCDEFGHJK' }), expect: notFoundForAll },
  // Yearly contracts (ADR 044): the owner's screen; the customer's view on /compte and the signed link.
  'contracts.list': { expect: adminOnly },
  'contracts.sites': { expect: adminOnly },
  'contracts.get': {
    input: () => ({ contractId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.create': { input: () => ({}), expect: { ...adminOnly, admin: 'BAD_REQUEST' } },
  'contracts.toConfirm': { input: () => ({ from: '2030-01-07', to: '2030-01-13' }), expect: adminOnly },
  'contracts.confirmVisit': {
    input: () => ({
      contractId: randomUUID(),
      slot: { technicianId: 'x', day: '2030-01-08', time: '09:00', durationMinutes: 60 },
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.invoice': {
    input: () => ({ contractId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.invoicePdf': {
    input: () => ({ contractId: randomUUID(), number: 'FA-2026-000001' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.terminate': {
    input: () => ({ contractId: randomUUID(), reason: 'x' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // The money of its invoices and credit notes (ADR 046): an unknown contract.
  'contracts.recordPayment': {
    input: () => ({
      contractId: randomUUID(),
      invoiceNumber: 'FA-2026-000001',
      amountCents: 1000,
      method: 'cash',
      day: '2026-11-20',
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.recordRefund': {
    input: () => ({
      contractId: randomUUID(),
      creditNoteNumber: 'AV-2026-000001',
      amountCents: 1000,
      method: 'cash',
    }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'contracts.mine': { expect: signedIn },
  'contracts.minePdf': {
    input: () => ({ contractId: randomUUID(), number: 'FA-2026-000001' }),
    expect: { ...notFoundForAll, anonymous: 'UNAUTHORIZED' },
  },
  'contracts.terminateMine': {
    input: () => ({ contractId: randomUUID() }),
    expect: { ...notFoundForAll, anonymous: 'UNAUTHORIZED' },
  },
  'contracts.byToken': { input: () => ({ token: 'x' }), expect: notFoundForAll },
  'contracts.tokenPdf': {
    input: () => ({ token: 'x', contractId: randomUUID(), number: 'FA-2026-000001' }),
    expect: notFoundForAll,
  },
  'contracts.terminateByToken': {
    input: () => ({ token: 'x', contractId: randomUUID() }),
    expect: notFoundForAll,
  },
  'reports.mine': { expect: signedIn },
  'reports.minePdf': {
    input: () => ({ number: 'RI-2026-000001' }),
    expect: { ...notFoundForAll, anonymous: 'UNAUTHORIZED' },
  },
  'reports.byToken': { input: () => ({ token: 'x' }), expect: notFoundForAll },
  'reports.tokenPdf': { input: () => ({ token: 'x', number: 'RI-2026-000001' }), expect: notFoundForAll },
  'reports.adminPdf': {
    input: () => ({ interventionId: randomUUID(), number: 'RI-2026-000001' }),
    expect: { ...staff, auditor: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  // The inspector's folder and « Mes sites » (ADR 045): the owner makes the links; the token or the
  // account's own sites are the right (inspector-folder.test.ts).
  'inspector.links': {
    input: () => ({ siteId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'inspector.createLink': {
    input: () => ({ siteId: randomUUID(), label: 'DDPP' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'inspector.revokeLink': {
    input: () => ({ linkId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'inspector.protocol': {
    input: () => ({ siteId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'inspector.saveProtocol': {
    input: () => ({ siteId: randomUUID(), protocol: '' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'inspector.customerLink': { input: () => ({ siteId: randomUUID() }), expect: adminOnly },
  'inspector.folder': { input: () => ({ token: 'A'.repeat(43) }), expect: notFoundForAll },
  'inspector.mySites': { expect: signedIn },
  'inspector.mySitePdf': {
    input: () => ({ siteId: randomUUID(), number: 'RI-2026-000001' }),
    expect: { ...notFoundForAll, anonymous: 'UNAUTHORIZED' },
  },
  'inspector.mySighting': {
    input: sighting,
    expect: { ...notFoundForAll, anonymous: 'UNAUTHORIZED' },
  },
  'inspector.sitesByToken': { input: () => ({ token: 'x' }), expect: notFoundForAll },
  'inspector.tokenSitePdf': {
    input: () => ({ token: 'x', siteId: randomUUID(), number: 'RI-2026-000001' }),
    expect: notFoundForAll,
  },
  'inspector.tokenSighting': {
    input: () => ({ ...sighting(), token: 'x' }),
    expect: notFoundForAll,
  },
  'dashboard.revenue': { expect: adminOnly },
  'dashboard.readiness': { expect: adminOnly },
  'dashboard.ordersByStatus': { expect: adminOnly },
  'dashboard.newCustomers': { expect: adminOnly },
  'dashboard.lowStock': { expect: adminOnly },
  'dashboard.latestOrders': { expect: adminOnly },
  'dashboard.bestSellers': { input: () => ({ from: '2026-01-01', to: '2026-12-31' }), expect: adminOnly },
  'dashboard.revenueByCategory': {
    input: () => ({ from: '2026-01-01', to: '2026-12-31' }),
    expect: adminOnly,
  },
  // Live updates (websocket only): the same guards as the HTTP reading they follow.
  'invoices.identity': { expect: adminOnly },
  // Saved empty: "Émettre la facture" below is then refused for the missing mentions (BAD_REQUEST).
  'invoices.saveIdentity': { input: () => ({}), expect: adminOnly },
  'invoices.list': { input: () => ({}), expect: staff },
  'invoices.awaiting': { expect: staff },
  'invoices.ofOrder': { input: (f) => ({ orderId: f.orderOfA }), expect: staff },
  'invoices.export': { input: () => ({}), expect: staff },
  // No document exists in the fixtures: past the gate, staff are told it is not found.
  'invoices.download': {
    input: () => ({ number: 'FA-2026-000001' }),
    expect: { ...staff, auditor: 'NOT_FOUND', admin: 'NOT_FOUND' },
  },
  'invoices.issue': {
    input: (f) => ({ orderId: f.orderOfA }),
    expect: { ...adminOnly, admin: 'BAD_REQUEST' },
  },
  'live.orders': { expect: staff },
  'live.interventions': { expect: adminOnly },
  'live.contracts': { expect: adminOnly },
  'live.treatments': { expect: staff },
  'live.myOrders': { expect: signedIn },
  'live.products': { expect: adminOnly },
  'live.customers': { expect: adminOnly },
  'live.settings': { expect: staff },
  'orders.history': { input: (f) => ({ orderId: f.orderOfA }), expect: staff },
  'orders.list': { input: () => ({ search: 'marie', status: 'all' }), expect: staff },
  'orders.byId': { input: (f) => ({ orderId: f.orderOfA }), expect: staff },
  'orders.create': { input: (f) => ({ ...placeInput(f), customerId: null }), expect: adminOnly },
  'orders.addNote': { input: (f) => ({ orderId: f.orderOfA, note: 'Note interne' }), expect: adminOnly },
  'orders.setStatus': { input: (f) => ({ orderId: f.orderOfA, status: 'confirmed' }), expect: adminOnly },
  'audit.closures': { expect: staff },
  'audit.close': {
    input: () => ({
      day: new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
    }),
    expect: adminOnly,
  },
  'orders.recordPayment': {
    input: (f) => ({
      orderId: f.orderOfA,
      amountCents: 1,
      method: 'cash',
      day: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
    }),
    expect: adminOnly,
  },
  // The admin passes the gate and meets the decision: no such payment, nothing to refund, no such order.
  'orders.cancelPayment': {
    input: (f) => ({ orderId: f.orderOfA, paymentId: 'no-such-payment' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'orders.refund': {
    input: (f) => ({
      orderId: f.orderToRemove,
      lines: [],
      shipping: false,
      extraCents: 100_000,
      method: 'cash',
      reason: 'other',
      restock: false,
    }),
    expect: { ...adminOnly, admin: 'BAD_REQUEST' },
  },
  'orders.cancelAndRefund': {
    input: () => ({ orderId: '7d4f8a52-8f4e-4c3e-9d1a-0a1b2c3d4e5f', method: 'cash' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  'orders.markPaymentFailed': {
    input: () => ({ orderId: '7d4f8a52-8f4e-4c3e-9d1a-0a1b2c3d4e5f' }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
  // A line that is not the order's: the admin passes the guard and gets BAD_REQUEST.
  'orders.recordWithdrawalException': {
    input: (f) => ({ orderId: f.orderOfA, itemIds: [randomUUID()], note: '' }),
    expect: { ...adminOnly, admin: 'BAD_REQUEST' },
  },
  'orders.remove': { input: (f) => ({ orderId: f.orderToRemove, reason: 'Test' }), expect: adminOnly },
  'session.me': { expect: everyone },
  'settings.shop': { expect: everyone },
  // The signed order page: the token is the right, for everyone alike; one that is not ours is unknown.
  // (A valid token's reading and withdrawal: consumer-law.test.ts; its documents: invoices.test.ts.)
  'withdrawal.documents': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: notFoundForAll,
  },
  'withdrawal.order': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: notFoundForAll,
  },
  // (A valid token's data export, and token A never giving B's: personal-data.test.ts.)
  'withdrawal.data': {
    input: () => ({ token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' }),
    expect: notFoundForAll,
  },
  'withdrawal.request': {
    input: () => ({
      token: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
      name: 'Marie Lefèvre',
      email: 'marie@example.fr',
      itemIds: [randomUUID()],
    }),
    expect: notFoundForAll,
  },
  'settings.get': { expect: adminOnly },
  // Maintenance stays off: the procedures walked after it still place orders.
  'settings.update': { input: () => ({ ...DEFAULT_SETTINGS, maintenanceMode: false }), expect: adminOnly },
  'settings.history': { expect: adminOnly },
  'settings.stats': { expect: adminOnly },
  'settings.clearCache': { input: () => ({}), expect: adminOnly },
  // The owner's sites (ADR 042): admins only; unknown ids answer the admin NOT_FOUND.
  'sites.list': { input: () => ({}), expect: adminOnly },
  'sites.byId': { input: () => ({ siteId: randomUUID() }), expect: adminFindsNothing },
  'sites.create': {
    input: () => ({
      customerId: null,
      name: 'Restaurant du port',
      street: '1 quai de la Ville',
      zipCode: '27500',
      city: 'Pont-Audemer',
      siteType: 'restauration',
    }),
    expect: adminOnly,
  },
  'sites.update': {
    input: () => ({
      siteId: randomUUID(),
      customerId: null,
      name: 'Restaurant du port',
      street: '1 quai de la Ville',
      zipCode: '27500',
      city: 'Pont-Audemer',
      siteType: 'restauration',
    }),
    expect: adminFindsNothing,
  },
  'sites.archive': { input: () => ({ siteId: randomUUID() }), expect: adminFindsNothing },
  'sites.addZone': {
    input: () => ({ siteId: randomUUID(), name: 'Cuisine' }),
    expect: adminFindsNothing,
  },
  'sites.renameZone': {
    input: () => ({ zoneId: randomUUID(), name: 'Cuisine' }),
    expect: adminFindsNothing,
  },
  'sites.reorderZones': {
    input: () => ({ siteId: randomUUID(), zoneIds: [] }),
    expect: adminFindsNothing,
  },
  'sites.removeZone': {
    input: () => ({ zoneId: randomUUID() }),
    expect: adminFindsNothing,
  },
  'sites.recordPlan': {
    input: () => ({ siteId: randomUUID(), imageId: randomUUID() }),
    expect: adminFindsNothing,
  },
  'sites.addDevice': {
    input: () => ({ siteId: randomUUID(), kind: 'poste_appatage', zoneId: null, point: null }),
    expect: adminFindsNothing,
  },
  'sites.moveDevice': {
    input: () => ({ deviceId: randomUUID(), point: { x: 0.5, y: 0.5 } }),
    expect: adminFindsNothing,
  },
  'sites.changeDeviceZone': {
    input: () => ({ deviceId: randomUUID(), zoneId: null }),
    expect: adminFindsNothing,
  },
  'sites.removeDevice': {
    input: () => ({ deviceId: randomUUID() }),
    expect: { ...adminOnly, admin: 'NOT_FOUND' },
  },
};
