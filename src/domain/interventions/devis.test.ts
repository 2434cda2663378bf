import { describe, expect, it } from 'vitest';
import { interventionRequested } from '../../../tests/support/decider.js';
import { decide, evolve, type InterventionState } from './decider.js';
import {
  ACKNOWLEDGEMENT_WORDING,
  billedMinutes,
  buildDevis,
  CODE_MAX_ATTEMPTS,
  codeCheck,
  type DevisInput,
  devisDraftSchema,
  devisLineVatRate,
  EXPRESS_REQUEST_WORDING,
  priceLine,
  resolveDraftLines,
  VAT_CERTIFICATION_WORDING,
} from './devis.js';
import { DEFAULT_TARIFFS, type Tariffs } from './tariffs.js';

const SERVICE = '3f1c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e6f';
const PRODUCT = '9f1c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e6f';
const tariffs: Tariffs = {
  ...DEFAULT_TARIFFS,
  services: [
    {
      id: SERVICE,
      label: 'Destruction de nid de guêpes',
      pests: 'Guêpes, frelons',
      pricing: 'forfait',
      priceCents: 9000,
      defaultMinutes: 45,
    },
  ],
};
const seller = {
  legalName: 'Hygiène Anti-nuisibles 27 SARL',
  tradeName: 'Hygiène - Anti-nuisibles 27',
  legalForm: 'SARL',
  shareCapital: '10 000 €',
  address: { line: '1 rue de la Gare', zipCode: '27000', city: 'Évreux' },
  siren: '123456789',
  siret: '12345678900012',
  registry: 'RCS Évreux 123 456 789',
  vatNumber: 'FR12123456789',
  vatExempt: false,
  email: 'contact@example.fr',
  phone: '0232000000',
};
const address = { line: '12 rue des Lilas', zipCode: '27000', city: 'Évreux' };
const input = (over: Partial<DevisInput> = {}): DevisInput => ({
  numbered: {
    number: 'DE-2026-000001',
    series: 'DE-2026',
    sequence: 1,
    issuedAt: '2026-03-02T10:00:00.000Z',
  },
  version: 1,
  replaces: null,
  validityDays: 30,
  interventionNumber: 'INT-2026-000001',
  seller,
  customer: {
    kind: 'particulier',
    name: 'Camille Durand',
    email: 'c@example.fr',
    phone: '',
    address,
    business: null,
  },
  site: { type: 'logement_ancien', address },
  description: '',
  estimatedMinutes: 45,
  lines: resolveDraftLines(
    {
      lines: [
        { kind: 'service', serviceId: SERVICE, quantity: 1, minutes: null },
        { kind: 'travel', km: 0 },
      ],
    },
    tariffs,
    [],
  ).lines,
  tariffs,
  ...over,
});

describe('the VAT rate of a devis line, from the site facts', () => {
  it('is 10 % only for the work in a dwelling of more than two years', () => {
    expect(devisLineVatRate('service', 'logement_ancien')).toBe(10);
    expect(devisLineVatRate('labour', 'logement_ancien')).toBe(10);
    expect(devisLineVatRate('travel', 'logement_ancien')).toBe(10);
    for (const site of [
      'logement_neuf',
      'parties_communes',
      'commerce',
      'restauration',
      'exterieur',
    ] as const)
      expect(devisLineVatRate('service', site)).toBe(20);
    expect(devisLineVatRate('product', 'logement_ancien')).toBe(20);
    expect(devisLineVatRate('service', 'logement_ancien', true)).toBe(0);
  });

  it('prints the certification wording only when a line is at 10 %', () => {
    expect(buildDevis(input()).vatCertification).toBe(VAT_CERTIFICATION_WORDING);
    expect(buildDevis(input({ site: { type: 'commerce', address } })).vatCertification).toBeNull();
  });
});

describe('the amounts of a devis, in cents', () => {
  it('rounds each line once, then sums the lines per rate', () => {
    // 90,00 € TTC published at 20 % → 75,00 € HT; at 10 %: 7,50 € VAT.
    expect(
      priceLine({ kind: 'service', label: 'x', quantity: 1, unitInclStandardCents: 9000 }, 'logement_ancien'),
    ).toMatchObject({
      unitExclCents: 7500,
      totalExclCents: 7500,
      vatCents: 750,
      totalInclCents: 8250,
    });
    // 65 € TTC/h → 54,17 € HT/h; 75 min → 67,71 € HT (rounded once); VAT 20 % 13,54.
    expect(
      priceLine(
        { kind: 'labour', label: 'x', quantity: 75, unitInclStandardCents: 6500, perHour: true },
        'commerce',
      ),
    ).toMatchObject({ unitExclCents: 5417, totalExclCents: 6771, vatCents: 1354, totalInclCents: 8125 });
    const d = buildDevis(input());
    // Service 75,00 + travel 29,17 (35 € TTC) at 10 %.
    expect(d.vat).toEqual([{ rate: 10, baseCents: 10417, vatCents: 1042, totalInclCents: 11459 }]);
    expect(d.totalInclCents).toBe(d.lines.reduce((s, l) => s + l.totalInclCents, 0));
    expect(d.totalExclCents + d.totalVatCents).toBe(d.totalInclCents);
  });

  it('gives one total per rate when products are quoted with the work', () => {
    const lines = resolveDraftLines(
      {
        lines: [
          { kind: 'service', serviceId: SERVICE, quantity: 1, minutes: null },
          { kind: 'product', productId: PRODUCT, quantity: 2 },
        ],
      },
      tariffs,
      [{ id: PRODUCT, title: 'Piège', priceCents: 1290 }],
    ).lines;
    const d = buildDevis(input({ lines }));
    expect(d.vat.map((v) => v.rate)).toEqual([20, 10]);
    expect(d.vat[0]).toEqual({ rate: 20, baseCents: 2150, vatCents: 430, totalInclCents: 2580 });
  });

  it('bills labour by the started unit of time, with the minimum', () => {
    expect(billedMinutes(50, tariffs)).toBe(60);
    expect(billedMinutes(70, tariffs)).toBe(75);
    expect(billedMinutes(70, { ...tariffs, timeCounting: 'heure' })).toBe(120);
  });

  it('refuses a service or a product that is not in the catalogue', () => {
    expect(() =>
      resolveDraftLines({ lines: [{ kind: 'product', productId: PRODUCT, quantity: 1 }] }, tariffs, []),
    ).toThrow('Choisissez un produit de la boutique.');
  });
});

describe('what a devis says', () => {
  it('carries the withdrawal information and model form for consumers and small professionals', () => {
    expect(buildDevis(input()).withdrawal?.modelForm[0]).toMatch(/^Formulaire de rétractation/);
    const business = {
      companyName: 'Boulangerie',
      siren: '123456789',
      headcount: 3,
      activity: 'Boulangerie',
    };
    const small = buildDevis(input({ customer: { ...input().customer, kind: 'professionnel', business } }));
    expect(small.withdrawal).not.toBeNull();
    expect(small.professionalNote).toContain('L221-3');
    const large = buildDevis(
      input({
        customer: { ...input().customer, kind: 'professionnel', business: { ...business, headcount: 12 } },
      }),
    );
    expect(large.withdrawal).toBeNull();
  });

  it('asks the professional customer for headcount and activity', () => {
    const r = devisDraftSchema.safeParse({
      siteType: 'commerce',
      customerKind: 'professionnel',
      lines: [{ kind: 'travel' }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Indiquez l’effectif du client professionnel (nombre de salariés).',
        'Indiquez l’activité principale du client professionnel.',
      ]),
    );
  });

  it('is valid until the validity day, Paris time', () => {
    expect(buildDevis(input()).validUntil).toBe('2026-04-01');
  });
});

const requested: InterventionState = evolve(null, interventionRequested(), {
  streamId: 'i1',
  version: 1,
  at: '2026-03-02T09:00:00.000Z',
});
const step = (
  s: InterventionState,
  command: Parameters<typeof decide>[0],
  at = '2026-03-02T10:00:00.000Z',
) => {
  let state = s;
  for (const e of decide(command, s))
    state = evolve(state, e, { streamId: 'i1', version: state.version + 1, at });
  return state;
};
const sent = step(requested, { type: 'SendDevis', devis: buildDevis(input()), hash: 'h1', pdfSha256: 'p1' });
const accept = (over: Record<string, unknown> = {}) =>
  ({
    type: 'AcceptDevis',
    number: 'DE-2026-000001',
    hash: 'h1',
    signerName: 'Camille Durand',
    code: {
      sentTo: 'c@example.fr',
      sentAt: '2026-03-03T10:00:00.000Z',
      checkedAt: '2026-03-03T10:05:00.000Z',
    },
    ip: '127.0.0.1',
    userAgent: 'test',
    expressRequest: true,
    acknowledgement: false,
    at: '2026-03-03T10:05:00.000Z',
    ...over,
  }) as Parameters<typeof decide>[0];

describe('sending and accepting a devis', () => {
  it('moves the pipeline to « Devis envoyés » then « Acceptés », with the exact words ticked', () => {
    expect(sent.status).toBe('quote_sent');
    const [event] = decide(accept(), sent);
    expect(event).toMatchObject({
      type: 'DevisAccepted',
      data: {
        mode: 'a_distance',
        hash: 'h1',
        expressRequest: EXPRESS_REQUEST_WORDING,
        acknowledgement: null,
      },
    });
    expect(step(sent, accept()).contract).toMatchObject({ mode: 'a_distance', expressRequest: true });
    expect(decide(accept({ acknowledgement: true }), sent)[0]?.data).toMatchObject({
      acknowledgement: ACKNOWLEDGEMENT_WORDING,
    });
  });

  it('is immutable once sent: a change is a new version naming the one it replaces', () => {
    const again = buildDevis(input());
    expect(() => decide({ type: 'SendDevis', devis: again, hash: 'h2', pdfSha256: 'p2' }, sent)).toThrow(
      'Ce devis ne suit pas la dernière version envoyée.',
    );
    const v2 = buildDevis(
      input({
        version: 2,
        replaces: 'DE-2026-000001',
        numbered: {
          number: 'DE-2026-000002',
          series: 'DE-2026',
          sequence: 2,
          issuedAt: '2026-03-02T11:00:00.000Z',
        },
      }),
    );
    const s2 = step(sent, { type: 'SendDevis', devis: v2, hash: 'h2', pdfSha256: 'p2' });
    expect(s2.devis?.number).toBe('DE-2026-000002');
    // The replaced version can no longer be accepted.
    expect(() => decide(accept(), s2)).toThrow('Ce devis a été remplacé par une nouvelle version.');
  });

  it('refuses an acceptance of another hash, after the validity, or without a name', () => {
    expect(() => decide(accept({ hash: 'other' }), sent)).toThrow('Le devis a changé depuis son affichage.');
    expect(() => decide(accept({ at: '2026-04-01T21:59:00.000Z' }), sent)).not.toThrow();
    expect(() => decide(accept({ at: '2026-04-01T22:01:00.000Z' }), sent)).toThrow(
      'Ce devis n’est plus valable depuis le 01/04/2026.',
    );
    expect(() => decide(accept({ signerName: ' ' }), sent)).toThrow('Indiquez votre nom et prénom.');
    const accepted = step(sent, accept());
    expect(() => decide(accept(), accepted)).toThrow('Ce devis ne peut plus être accepté.');
  });

  it('closes the intervention as « Perdu » with a reason when refused or expired', () => {
    const refused = step(sent, { type: 'RefuseDevis', number: 'DE-2026-000001', reason: 'Trop cher' });
    expect(refused).toMatchObject({ status: 'lost', lostReason: 'Devis DE-2026-000001 refusé : Trop cher' });
    expect(() => decide({ type: 'ExpireDevis', at: '2026-04-01T12:00:00.000Z' }, sent)).toThrow(
      'Ce devis est encore valable.',
    );
    const expired = step(sent, { type: 'ExpireDevis', at: '2026-04-02T12:00:00.000Z' });
    expect(expired.status).toBe('lost');
    expect(expired.lostReason).toContain('expiré');
    // Reopened, the intervention needs a new version.
    expect(step(expired, { type: 'Reopen' }).status).toBe('requested');
  });

  it('records a devis signed at home as « hors établissement » with the 7-day payment ban', () => {
    const off = step(sent, {
      type: 'RecordOffPremisesSignature',
      number: 'DE-2026-000001',
      signerName: 'Camille Durand',
      signedOn: '2026-03-02',
      urgentWords: 'Je demande une intervention urgente pour le nid de frelons au-dessus de la porte.',
      expressRequest: true,
      acknowledgement: true,
      at: '2026-03-02T12:00:00.000Z',
    });
    expect(off.contract).toMatchObject({
      mode: 'hors_etablissement',
      paymentBanUntil: '2026-03-09',
      urgentException: 'Je demande une intervention urgente pour le nid de frelons au-dessus de la porte.',
    });
    expect(() =>
      decide(
        {
          type: 'RecordOffPremisesSignature',
          number: 'DE-2026-000001',
          signerName: 'Camille Durand',
          signedOn: '2026-03-02',
          urgentWords: '  ',
          expressRequest: false,
          acknowledgement: false,
          at: '2026-03-02T12:00:00.000Z',
        },
        sent,
      ),
    ).toThrow('Recopiez la demande écrite du client');
  });
});

describe('a devis and an appointment in either order (the pipeline status)', () => {
  const book = {
    type: 'BookAppointment',
    appointmentId: 'a1',
    technicianId: 't1',
    slot: { startsAt: '2026-03-10T08:00:00.000Z', endsAt: '2026-03-10T09:00:00.000Z' },
    busy: [],
    bufferMinutes: 30,
  } as Parameters<typeof decide>[0];
  const cancel = { type: 'CancelAppointment', appointmentId: 'a1', reason: 'Client absent' } as Parameters<
    typeof decide
  >[0];

  it('accepted, then booked: « Planifié », and back to « Accepté » when the appointment is cancelled', () => {
    const booked = step(step(sent, accept()), book);
    expect(booked).toMatchObject({ status: 'scheduled', statusBeforeScheduled: 'accepted' });
    expect(step(booked, cancel).status).toBe('accepted');
  });

  it('booked, then accepted: « Planifié » is not overwritten, the devis stage under it moves', () => {
    const booked = step(sent, book);
    expect(booked).toMatchObject({ status: 'scheduled', statusBeforeScheduled: 'quote_sent' });
    const accepted = step(booked, accept());
    expect(accepted).toMatchObject({ status: 'scheduled', statusBeforeScheduled: 'accepted' });
    expect(accepted.contract).toMatchObject({ mode: 'a_distance', number: 'DE-2026-000001' });
    expect(() => decide(accept(), accepted)).toThrow('Ce devis ne peut plus être accepté.');
    // Cancelled, it goes back to where the devis is: « Accepté », not « Devis envoyé ».
    expect(step(accepted, cancel).status).toBe('accepted');
  });

  it('booked before any devis: a devis sent then keeps « Planifié » too', () => {
    const booked = step(requested, book);
    const withDevis = step(booked, {
      type: 'SendDevis',
      devis: buildDevis(input()),
      hash: 'h1',
      pdfSha256: 'p1',
    });
    expect(withDevis).toMatchObject({ status: 'scheduled', statusBeforeScheduled: 'quote_sent' });
    expect(step(withDevis, accept()).statusBeforeScheduled).toBe('accepted');
  });

  // Issue 37: the stage never goes back. The report's decider sealed a finished visit even when
  // the intervention was « Perdu » (ADR 038) until ADR 049, so the log holds these orders.
  const seal = (s: InterventionState) =>
    evolve(
      s,
      {
        type: 'ReportSealed',
        data: { number: 'RI-2026-000001', appointmentId: 'a1', customer: null },
      } as never,
      { streamId: 'i1', version: s.version + 1, at: '2026-03-10T10:00:00.000Z' },
    );
  const lose = { type: 'MarkLost', reason: 'Client injoignable' } as Parameters<typeof decide>[0];

  it('lost while booked, report sealed, reopened: « Réalisé », and the devis can no longer be signed', () => {
    const reopened = step(seal(step(step(sent, book), lose)), { type: 'Reopen' });
    expect(reopened.status).toBe('done');
    expect(() => decide(accept(), reopened)).toThrow('Ce devis ne peut plus être accepté.');
  });

  it('devis refused while booked, report sealed, reopened: « Réalisé », not « Demande » then « Accepté »', () => {
    const refused = step(step(sent, book), { type: 'RefuseDevis', number: 'DE-2026-000001', reason: 'Non' });
    expect(refused.status).toBe('lost');
    const reopened = step(seal(refused), { type: 'Reopen' });
    expect(reopened.status).toBe('done');
    expect(() =>
      decide({ type: 'SendDevis', devis: buildDevis(input()), hash: 'h2', pdfSha256: 'p2' }, reopened),
    ).toThrow('Un devis ne peut être envoyé');
  });

  it('devis refused while booked and reopened: still « Planifié » (the appointment stands), a new devis under it', () => {
    const refused = step(step(sent, book), { type: 'RefuseDevis', number: 'DE-2026-000001', reason: 'Non' });
    const reopened = step(refused, { type: 'Reopen' });
    expect(reopened).toMatchObject({ status: 'scheduled', statusBeforeScheduled: 'requested' });
    expect(step(reopened, cancel).status).toBe('requested');
  });
});

describe('the one-time code', () => {
  const code = { expiresAt: '2026-03-03T10:15:00.000Z', attempts: 0, usedAt: null };
  it('is good until it expires, is used once, and ends after five wrong tries', () => {
    expect(codeCheck(code, '2026-03-03T10:14:59.000Z')).toBe('ok');
    expect(codeCheck(code, '2026-03-03T10:15:01.000Z')).toBe('codeExpired');
    expect(codeCheck({ ...code, usedAt: '2026-03-03T10:10:00.000Z' }, '2026-03-03T10:11:00.000Z')).toBe(
      'codeMissing',
    );
    expect(codeCheck({ ...code, attempts: CODE_MAX_ATTEMPTS }, '2026-03-03T10:11:00.000Z')).toBe(
      'codeTooMany',
    );
    expect(codeCheck(null, '2026-03-03T10:11:00.000Z')).toBe('codeMissing');
  });
});
