/**
 * The visit half of the intervention decider (issue 37, docs/decisions/037-the-visit.md): the
 * technician's « Je pars », « Sur place », « Terminé » and what they record on site, decided and
 * folded per appointment; the anticoagulant rodenticide episode on the intervention. decider.ts
 * delegates here. Everything outside the stream (the product as the catalogue has it, the
 * applicator's certificate) is read by the server and passed in the command, never typed by the phone.
 *
 * Idempotency: every visit command carries the phone's `clientEventId`; one already in the stream
 * decides no event (the offline queue may send a command twice), whatever else changed since.
 */
import {
  CERTIBIOCIDE_CATEGORIES,
  type Certibiocide,
  certificateProblem as catalogCertificateProblem,
  isCertibiocideCategory,
} from '../catalog/certibiocide.js';
import { DEVICE_CAPTURES_MAX, DEVICE_LABEL_MAX } from '../common/limits.js';
import { DomainError } from '../errors.js';
import { frenchDay } from '../site/french-day.js';
import { parisDay } from '../site/time-zone.js';
import type { AppointmentState } from './appointment-decider.js';
import { addDays, isActiveAppointment } from './appointments.js';
import { type InterventionStatus, interventionLost } from './pipeline.js';
import {
  DEVICE_KINDS,
  DEVICE_STATES,
  type DeviceKind,
  type DeviceState,
  INFESTATION_LEVELS,
  type RODENT_SPECIES,
  TREATMENT_UNITS,
  type VisitEvent,
} from './visit-events.js';

export const VISIT_TEXT_MAX = 2000;
export const VISIT_LABEL_MAX = 200;
export const CLIENT_EVENT_ID_MAX = 64;
export const VISIT_PHOTOS_MAX = 6;
/** How far the phone's clock may run ahead of the server's (minutes). */
export const CLOCK_SKEW_MINUTES = 10;
/** How long the phone may keep an action before sending it (offline), in hours. */
export const OFFLINE_MAX_HOURS = 72;

/**
 * Anticoagulant rodenticides (the AMM conditions of second-generation anticoagulants, read with
 * INTERVENTIONS.md): no permanent baiting; a first inspection 2-3 days (mice) or 5-7 days (rats)
 * after the start, then at least weekly; past 35 days only on a written analysis; baits removed at the end.
 */
export const RODENTICIDE_FIRST_INSPECTION: Record<(typeof RODENT_SPECIES)[number], [number, number]> = {
  souris: [2, 3],
  rats: [5, 7],
};
export const RODENTICIDE_WEEKLY_DAYS = 7;
export const RODENTICIDE_MAX_DAYS = 35;

export type RodentSpecies = (typeof RODENT_SPECIES)[number];
type Data<K extends VisitEvent['type']> = Extract<VisitEvent, { type: K }>['data'];

export interface VisitState {
  appointmentId: string;
  technicianId: string;
  departedAt: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
  observations: Data<'ObservationRecorded'>[];
  treatments: Data<'TreatmentRecorded'>[];
  advice: Data<'SafetyAdviceGiven'>[];
  recommendations: Data<'RecommendationAdded'>[];
  remarks: Data<'CustomerRemarkAdded'>[];
  deviceChecks: Data<'DeviceChecked'>[];
}

export interface RodenticideEpisode {
  /** The Paris day of the first baiting. */
  openedOn: string;
  species: RodentSpecies;
  /** Paris days of the visits (arrivals) after the opening day: the inspections. */
  inspections: string[];
  lastBaitingOn: string;
  analysisWrittenOn: string | null;
  closedOn: string | null;
}

/** What the visit fold reads and writes of an intervention's state. */
export interface WithVisits {
  status: InterventionStatus;
  appointments: AppointmentState[];
  visits: VisitState[];
  /** Every episode, the open one (if any) last. */
  rodenticideEpisodes: RodenticideEpisode[];
  /** The phone's ids of every visit event in the stream (idempotent replays). */
  clientEventIds: string[];
  /** The sealed reports, by appointment (a site device is still checked after « Terminé » until then). */
  reports?: { appointmentId: string }[];
}

/** Who records: the technician of the appointment, or an admin (for them). */
export interface VisitActor {
  userId: string;
  role: 'admin' | 'technician';
}

interface Typed {
  clientEventId: string;
  appointmentId: string;
  /** When it was done, by the phone's clock (ISO). */
  at: string;
  /** The server's clock (ISO), to bound `at`. */
  now: string;
  by: VisitActor;
}

/** The product as the catalogue has it on the day, read by the server. */
export interface TreatmentProduct {
  id: string;
  title: string;
  ammNumber: string;
  biocideType: string;
  professionalOnly: boolean;
  certibiocideCategory: string | null;
  antidote: string;
  reentryDelayHours: number | null;
  anticoagulantRodenticide: boolean;
}

/** The applicator as the server reads them (the appointment's technician). */
export interface TreatmentApplicator {
  technicianId: string;
  name: string;
  certificate: Certibiocide | null;
}

export type VisitCommand =
  | ({ type: 'DepartVisit' } & Typed)
  | ({ type: 'ArriveVisit' } & Typed)
  | ({ type: 'FinishVisit' } & Typed)
  | ({
      type: 'RecordObservation';
      pest: string;
      zone: string;
      level: string;
      evidence: string;
      photos: { id: string; url: string; thumbUrl: string }[];
    } & Typed)
  | ({
      type: 'RecordTreatment';
      product: TreatmentProduct;
      applicator: TreatmentApplicator;
      quantity: number;
      unit: string;
      method: string;
      zone: string;
      target: string;
      /** Required for an anticoagulant rodenticide. */
      species: RodentSpecies | null;
    } & Typed)
  | ({
      type: 'GiveSafetyAdvice';
      reentryDelayHours: number | null;
      ventilation: string;
      antidote: string;
      productId: string | null;
    } & Typed)
  | ({ type: 'AddRecommendation'; libraryId: string | null; text: string } & Typed)
  | ({ type: 'AddCustomerRemark'; text: string } & Typed)
  | ({ type: 'WriteRodenticideAnalysis'; text: string } & Typed)
  | ({ type: 'RemoveRodenticideBaits'; note: string } & Typed)
  | ({
      type: 'RecordDeviceCheck';
      /** The site's device checked (resolved by the server from site_devices); null: a free label. */
      deviceId?: string | null;
      label: string;
      kind: string;
      state: string;
      /** With « consommé » only: 0-100. */
      consumptionPercent: number | null;
      /** With « inaccessible » only (required then). */
      reason: string;
      captures: number | null;
      note: string;
    } & Typed);

export const VISIT_COMMANDS = [
  'DepartVisit',
  'ArriveVisit',
  'FinishVisit',
  'RecordObservation',
  'RecordTreatment',
  'GiveSafetyAdvice',
  'AddRecommendation',
  'AddCustomerRemark',
  'WriteRodenticideAnalysis',
  'RemoveRodenticideBaits',
  'RecordDeviceCheck',
] as const;
export const isVisitCommand = (command: { type: string }): command is VisitCommand =>
  (VISIT_COMMANDS as readonly string[]).includes(command.type);

/** A starter library of recommendations (the owner's own come with `libraryId: null`). */
export const RECOMMENDATION_LIBRARY = [
  {
    id: 'boucher-entrees',
    text: 'Boucher les entrées (trous, passages de gaines, bas de portes) avec un matériau adapté.',
  },
  {
    id: 'stockage-denrees',
    text: 'Stocker les denrées dans des contenants fermés, surélevés et éloignés des murs.',
  },
  { id: 'dechets', text: 'Sortir les déchets chaque jour et garder les poubelles fermées.' },
  {
    id: 'nettoyage',
    text: 'Nettoyer les zones traitées seulement après le délai indiqué, sans produit détergent sur les appâts.',
  },
  { id: 'humidite', text: 'Réduire l’humidité (fuites, aération) : elle attire les nuisibles.' },
  { id: 'vegetation', text: 'Dégager la végétation et les encombrants le long des façades.' },
  {
    id: 'ne-pas-toucher',
    text: 'Ne pas déplacer ni ouvrir les postes d’appâtage ; tenir enfants et animaux à l’écart.',
  },
] as const;

/** Hazards a site may have (shown on the technician's day). */
export const SITE_HAZARDS = {
  children: 'Enfants',
  pets: 'Animaux domestiques',
  aquarium: 'Aquarium',
} as const;
export type SiteHazard = keyof typeof SITE_HAZARDS;

const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

// ---------------------------------------------------------------------------------------------
// Rules.

/** The Paris day of the treatment is the one its certificate must cover. */
export type CertificateProblem = 'none' | 'expired' | 'wrongCategory';

/**
 * Arrêté of 9 October 2013 (Certibiocide; three categories since 1 January 2024): a biocide
 * reserved to professionals is applied only by a holder of a certificate of the product's category
 * valid on the day. The catalog's one rule (`certificateProblem` of certibiocide.ts), named as the
 * visit's error codes say it (`CERTIBIOCIDE_NONE`).
 */
export function certificateProblem(
  certificate: Certibiocide | null,
  requiredCategory: string | null,
  day: string,
): CertificateProblem | null {
  const problem = catalogCertificateProblem(certificate, requiredCategory, day);
  return problem === 'noCertificate' ? 'none' : problem;
}

function checkCertificate(product: TreatmentProduct, applicator: TreatmentApplicator, day: string) {
  if (!product.professionalOnly) return;
  const problem = certificateProblem(applicator.certificate, product.certibiocideCategory, day);
  if (!problem) return;
  const category = isCertibiocideCategory(product.certibiocideCategory)
    ? CERTIBIOCIDE_CATEGORIES[product.certibiocideCategory].label
    : 'Certibiocide';
  const c = applicator.certificate;
  const messages: Record<CertificateProblem, string> = {
    none: `« ${product.title} » est réservé aux professionnels : ${applicator.name} n’a pas de Certibiocide enregistré. Un administrateur doit renseigner son certificat (${category}) avant ce traitement.`,
    expired: `« ${product.title} » est réservé aux professionnels : le Certibiocide de ${applicator.name} a expiré le ${c ? frenchDay(c.expiresOn) : ''}. Ce traitement ne peut pas être enregistré le ${frenchDay(day)}.`,
    wrongCategory: `« ${product.title} » demande le ${category} : le certificat de ${applicator.name} est d’une autre catégorie.`,
  };
  throw new DomainError('forbidden', `CERTIBIOCIDE_${problem.toUpperCase()}`, messages[problem], {
    expiresOn: c?.expiresOn ?? null,
    day,
  });
}

/** The open episode (the last one, not closed). */
export const openEpisode = (s: Pick<WithVisits, 'rodenticideEpisodes'>): RodenticideEpisode | null => {
  const last = s.rodenticideEpisodes.at(-1);
  return last && !last.closedOn ? last : null;
};

/** The last day a baiting may be recorded without a written analysis (day 35 after the opening). */
export const analysisDueAfter = (episode: RodenticideEpisode) =>
  addDays(episode.openedOn, RODENTICIDE_MAX_DAYS);

/**
 * The next inspection's window (Paris days, inclusive): 2-3 days (mice) or 5-7 days (rats) after
 * the opening for the first, then at most a week after the last inspection.
 */
export function nextInspection(episode: RodenticideEpisode): { from: string; to: string } | null {
  if (episode.closedOn) return null;
  const last = episode.inspections.at(-1);
  if (!last) {
    const [from, to] = RODENTICIDE_FIRST_INSPECTION[episode.species];
    return { from: addDays(episode.openedOn, from), to: addDays(episode.openedOn, to) };
  }
  return { from: addDays(last, 1), to: addDays(last, RODENTICIDE_WEEKLY_DAYS) };
}

/** The days the owner is offered to book, each in one click (the window's days). */
export function proposedInspectionDays(episode: RodenticideEpisode): string[] {
  const window = nextInspection(episode);
  if (!window) return [];
  const first = episode.inspections.length === 0 ? window.from : addDays(window.to, -2);
  const days: string[] = [];
  for (let d = first; d <= window.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** An inspection is overdue when its window ended before `today` (Paris day). */
export const inspectionOverdue = (episode: RodenticideEpisode, today: string) => {
  const window = nextInspection(episode);
  return window !== null && window.to < today;
};

function textField(value: string, max: number, code: string, label: string, required = true): string {
  const text = value.trim();
  if (required && !text) throw invalid(`${code}_REQUIRED`, `Indiquez ${label}.`);
  if (text.length > max)
    throw invalid(`${code}_TOO_LONG`, `${capitalise(label)} ne doit pas dépasser ${max} caractères.`);
  return text;
}
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function checkAt(at: string, now: string): string {
  const t = Date.parse(at);
  const n = Date.parse(now);
  if (!Number.isFinite(t)) throw invalid('VISIT_TIME_INVALID', 'Heure de l’action invalide.');
  if (t > n + CLOCK_SKEW_MINUTES * 60_000)
    throw invalid(
      'VISIT_TIME_IN_FUTURE',
      'L’heure du téléphone est en avance sur celle du serveur : réglez l’heure du téléphone et recommencez.',
    );
  if (t < n - OFFLINE_MAX_HOURS * 3_600_000)
    throw invalid(
      'VISIT_TIME_TOO_OLD',
      `Cette action date de plus de ${OFFLINE_MAX_HOURS} heures : elle n’est plus acceptée depuis le téléphone, un administrateur doit la saisir.`,
    );
  return new Date(t).toISOString();
}

const visitOf = (s: WithVisits, appointmentId: string) =>
  s.visits.find((v) => v.appointmentId === appointmentId);

// ---------------------------------------------------------------------------------------------
// Decide.

export function decideVisit(command: VisitCommand, state: WithVisits): VisitEvent[] {
  const clientEventId = command.clientEventId.trim();
  if (!clientEventId || clientEventId.length > CLIENT_EVENT_ID_MAX)
    throw invalid('CLIENT_EVENT_ID_INVALID', 'Identifiant d’action invalide.');
  // Already in the stream: the phone sent it again (offline queue); nothing more is recorded.
  if (state.clientEventIds.includes(clientEventId)) return [];

  const appointment = state.appointments.find((a) => a.id === command.appointmentId);
  if (!appointment) throw new DomainError('not_found', 'APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable.');
  if (command.by.role !== 'admin' && appointment.technicianId !== command.by.userId)
    throw new DomainError(
      'forbidden',
      'VISIT_NOT_ASSIGNED',
      'Ce rendez-vous est confié à un autre technicien : vous ne pouvez rien y enregistrer.',
    );
  if (!isActiveAppointment(appointment.status))
    throw invalid('APPOINTMENT_CANCELLED', 'Ce rendez-vous a été annulé.');
  if (state.status === 'lost') throw interventionLost();

  const at = checkAt(command.at, command.now);
  const typed = { clientEventId, appointmentId: appointment.id, at };
  const technicianId = appointment.technicianId;
  const visit = visitOf(state, appointment.id);

  switch (command.type) {
    case 'DepartVisit':
      if (visit?.departedAt) throw invalid('VISIT_ALREADY_DEPARTED', 'Le départ est déjà enregistré.');
      if (visit?.arrivedAt)
        throw invalid(
          'VISIT_ALREADY_ARRIVED',
          'Vous êtes déjà sur place : le départ ne peut plus être enregistré.',
        );
      return [{ type: 'VisitDeparted', data: { ...typed, technicianId } }];
    case 'ArriveVisit':
      if (visit?.arrivedAt) throw invalid('VISIT_ALREADY_ARRIVED', 'L’arrivée est déjà enregistrée.');
      if (visit?.departedAt && at < visit.departedAt)
        throw invalid('VISIT_ORDER', 'L’arrivée ne peut pas précéder le départ.');
      return [{ type: 'VisitArrived', data: { ...typed, technicianId } }];
    case 'FinishVisit':
      requireOnSite(visit);
      if (visit?.arrivedAt && at < visit.arrivedAt)
        throw invalid('VISIT_ORDER', 'La fin ne peut pas précéder l’arrivée.');
      return [{ type: 'VisitFinished', data: { ...typed, technicianId } }];
    default:
      break;
  }
  // A site's device may still be checked after « Terminé » until the report is sealed: the seal
  // refuses while one is unchecked (ADR 043), and the technician is still on the premises then.
  const lateDeviceCheck =
    command.type === 'RecordDeviceCheck' &&
    Boolean(command.deviceId) &&
    Boolean(visit?.finishedAt) &&
    !state.reports?.some((r) => r.appointmentId === appointment.id);
  if (!lateDeviceCheck) requireOnSite(visit);
  const day = parisDay(new Date(at));

  switch (command.type) {
    case 'RecordObservation': {
      if (!(INFESTATION_LEVELS as readonly string[]).includes(command.level))
        throw invalid('OBSERVATION_LEVEL_INVALID', 'Choisissez le niveau d’infestation.');
      if (command.photos.length > VISIT_PHOTOS_MAX)
        throw invalid('OBSERVATION_TOO_MANY_PHOTOS', `Au plus ${VISIT_PHOTOS_MAX} photos par observation.`);
      return [
        {
          type: 'ObservationRecorded',
          data: {
            ...typed,
            pest: textField(command.pest, VISIT_LABEL_MAX, 'OBSERVATION_PEST', 'le nuisible observé'),
            zone: textField(command.zone, VISIT_LABEL_MAX, 'OBSERVATION_ZONE', 'la zone'),
            level: command.level as (typeof INFESTATION_LEVELS)[number],
            evidence: textField(
              command.evidence,
              VISIT_TEXT_MAX,
              'OBSERVATION_EVIDENCE',
              'les indices',
              false,
            ),
            photos: command.photos,
          },
        },
      ];
    }
    case 'RecordTreatment': {
      const { product, applicator } = command;
      if (applicator.technicianId !== technicianId)
        throw invalid('TREATMENT_APPLICATOR', 'L’applicateur est le technicien du rendez-vous.');
      if (!Number.isFinite(command.quantity) || command.quantity <= 0 || command.quantity > 100_000)
        throw invalid('TREATMENT_QUANTITY_INVALID', 'Indiquez une quantité positive.');
      if (!(TREATMENT_UNITS as readonly string[]).includes(command.unit))
        throw invalid('TREATMENT_UNIT_INVALID', 'Choisissez l’unité.');
      if (product.professionalOnly && !product.ammNumber.trim())
        throw invalid(
          'TREATMENT_AMM_MISSING',
          `« ${product.title} » n’a pas de numéro d’AMM dans le catalogue : il ne peut pas être appliqué.`,
        );
      checkCertificate(product, applicator, day);
      let rodenticide: { species: RodentSpecies } | null = null;
      if (product.anticoagulantRodenticide) {
        if (!command.species)
          throw invalid('RODENTICIDE_SPECIES_REQUIRED', 'Indiquez l’espèce visée : souris ou rats.');
        const episode = openEpisode(state);
        if (episode && !episode.analysisWrittenOn && day > analysisDueAfter(episode))
          throw new DomainError(
            'forbidden',
            'RODENTICIDE_ANALYSIS_REQUIRED',
            `Le traitement anticoagulant a commencé le ${frenchDay(episode.openedOn)} : au-delà de ${RODENTICIDE_MAX_DAYS} jours (après le ${frenchDay(analysisDueAfter(episode))}), il ne peut continuer qu’après une analyse écrite de la situation. Rédigez l’analyse, ou retirez les appâts.`,
            { openedOn: episode.openedOn, lastDay: analysisDueAfter(episode) },
          );
        rodenticide = { species: command.species };
      }
      const { certificate } = applicator;
      return [
        {
          type: 'TreatmentRecorded',
          data: {
            ...typed,
            productId: product.id,
            productTitle: product.title,
            ammNumber: product.ammNumber,
            biocideType: product.biocideType,
            professionalOnly: product.professionalOnly,
            certibiocideCategory: product.certibiocideCategory,
            quantity: command.quantity,
            unit: command.unit as (typeof TREATMENT_UNITS)[number],
            method: textField(command.method, VISIT_LABEL_MAX, 'TREATMENT_METHOD', 'la méthode'),
            zone: textField(command.zone, VISIT_LABEL_MAX, 'TREATMENT_ZONE', 'la zone traitée'),
            target: textField(command.target, VISIT_LABEL_MAX, 'TREATMENT_TARGET', 'la cible'),
            applicator: {
              technicianId: applicator.technicianId,
              name: applicator.name,
              certificate: certificate
                ? {
                    number: certificate.number,
                    category: certificate.category,
                    expiresOn: certificate.expiresOn,
                  }
                : null,
            },
            rodenticide,
          },
        },
      ];
    }
    case 'GiveSafetyAdvice': {
      const delay = command.reentryDelayHours;
      if (delay !== null && (!Number.isInteger(delay) || delay < 0 || delay > 24 * 30))
        throw invalid('ADVICE_DELAY_INVALID', 'Le délai de réentrée se compte en heures, de 0 à 720.');
      const ventilation = textField(
        command.ventilation,
        VISIT_TEXT_MAX,
        'ADVICE_VENTILATION',
        'l’aération',
        false,
      );
      const antidote = textField(command.antidote, VISIT_TEXT_MAX, 'ADVICE_ANTIDOTE', 'l’antidote', false);
      if (delay === null && !ventilation && !antidote)
        throw invalid('ADVICE_EMPTY', 'Indiquez au moins le délai de réentrée, l’aération ou l’antidote.');
      return [
        {
          type: 'SafetyAdviceGiven',
          data: { ...typed, reentryDelayHours: delay, ventilation, antidote, productId: command.productId },
        },
      ];
    }
    case 'AddRecommendation': {
      const entry = command.libraryId ? RECOMMENDATION_LIBRARY.find((r) => r.id === command.libraryId) : null;
      if (command.libraryId && !entry)
        throw invalid('RECOMMENDATION_UNKNOWN', 'Cette recommandation n’est plus dans la bibliothèque.');
      const text = entry
        ? entry.text
        : textField(command.text, VISIT_TEXT_MAX, 'RECOMMENDATION', 'la recommandation');
      return [{ type: 'RecommendationAdded', data: { ...typed, libraryId: entry?.id ?? null, text } }];
    }
    case 'AddCustomerRemark':
      return [
        {
          type: 'CustomerRemarkAdded',
          data: {
            ...typed,
            text: textField(command.text, VISIT_TEXT_MAX, 'REMARK', 'la remarque du client'),
          },
        },
      ];
    case 'WriteRodenticideAnalysis': {
      if (!openEpisode(state))
        throw invalid(
          'RODENTICIDE_NO_EPISODE',
          'Aucun traitement anticoagulant en cours sur cette intervention.',
        );
      const text = textField(command.text, VISIT_TEXT_MAX, 'RODENTICIDE_ANALYSIS', 'l’analyse');
      return [{ type: 'RodenticideAnalysisWritten', data: { ...typed, text } }];
    }
    case 'RemoveRodenticideBaits': {
      if (!openEpisode(state))
        throw invalid(
          'RODENTICIDE_NO_EPISODE',
          'Aucun traitement anticoagulant en cours sur cette intervention.',
        );
      const note = textField(command.note, VISIT_TEXT_MAX, 'RODENTICIDE_REMOVAL', 'la note', false);
      return [{ type: 'RodenticideBaitsRemoved', data: { ...typed, note } }];
    }
    case 'RecordDeviceCheck':
      return [{ type: 'DeviceChecked', data: { ...typed, ...deviceCheck(command) } }];
  }
}

/** A device check's rules: the % only with « consommé » (0-100), a reason only with « inaccessible ». */
function deviceCheck(c: Extract<VisitCommand, { type: 'RecordDeviceCheck' }>) {
  const label = textField(c.label, DEVICE_LABEL_MAX, 'DEVICE_LABEL', 'le repère du dispositif');
  if (!Object.hasOwn(DEVICE_KINDS, c.kind))
    throw invalid('DEVICE_KIND_INVALID', 'Choisissez le type de dispositif.');
  if (!Object.hasOwn(DEVICE_STATES, c.state))
    throw invalid('DEVICE_STATE_INVALID', 'Choisissez l’état du dispositif.');
  const state = c.state as DeviceState;
  const percent = c.consumptionPercent;
  if (state === 'consomme') {
    if (percent === null || !Number.isInteger(percent) || percent < 0 || percent > 100)
      throw invalid('DEVICE_CONSUMPTION_INVALID', 'Indiquez la consommation en %, de 0 à 100.');
  } else if (percent !== null)
    throw invalid(
      'DEVICE_CONSUMPTION_UNEXPECTED',
      'La consommation ne s’indique que pour un appât consommé.',
    );
  const reason = textField(c.reason, VISIT_LABEL_MAX, 'DEVICE_REASON', 'la raison', state === 'inaccessible');
  if (state !== 'inaccessible' && reason)
    throw invalid('DEVICE_REASON_UNEXPECTED', 'La raison ne s’indique que pour un dispositif inaccessible.');
  const captures = c.captures;
  if (captures !== null && (!Number.isInteger(captures) || captures < 0 || captures > DEVICE_CAPTURES_MAX))
    throw invalid('DEVICE_CAPTURES_INVALID', `Le nombre de captures va de 0 à ${DEVICE_CAPTURES_MAX}.`);
  return {
    deviceId: c.deviceId ?? null,
    label,
    kind: c.kind as DeviceKind,
    state,
    consumptionPercent: percent,
    reason,
    captures,
    note: textField(c.note, VISIT_TEXT_MAX, 'DEVICE_NOTE', 'la note', false),
  };
}

function requireOnSite(visit: VisitState | undefined) {
  if (!visit?.arrivedAt)
    throw invalid('VISIT_NOT_STARTED', 'Indiquez d’abord « Sur place » pour ce rendez-vous.');
  if (visit.finishedAt)
    throw invalid('VISIT_FINISHED', 'Cette visite est terminée : elle ne reçoit plus rien.');
}

// ---------------------------------------------------------------------------------------------
// Fold.

const emptyVisit = (appointmentId: string, technicianId: string): VisitState => ({
  appointmentId,
  technicianId,
  departedAt: null,
  arrivedAt: null,
  finishedAt: null,
  observations: [],
  treatments: [],
  advice: [],
  recommendations: [],
  remarks: [],
  deviceChecks: [],
});

export function evolveVisit<S extends WithVisits>(state: S, event: VisitEvent): S {
  const d = event.data;
  const technicianId =
    'technicianId' in d
      ? d.technicianId
      : (state.appointments.find((a) => a.id === d.appointmentId)?.technicianId ?? '');
  const existing = visitOf(state, d.appointmentId);
  const visit = existing ?? emptyVisit(d.appointmentId, technicianId);
  const day = parisDay(new Date(d.at));
  let episodes = state.rodenticideEpisodes;
  const updateOpen = (patch: (e: RodenticideEpisode) => RodenticideEpisode) => {
    const open = openEpisode(state);
    if (open) episodes = [...episodes.slice(0, -1), patch(open)];
  };
  let next: VisitState = visit;
  switch (event.type) {
    case 'VisitDeparted':
      next = { ...visit, departedAt: event.data.at };
      break;
    case 'VisitArrived':
      next = { ...visit, arrivedAt: event.data.at };
      updateOpen((e) =>
        day > e.openedOn && !e.inspections.includes(day) ? { ...e, inspections: [...e.inspections, day] } : e,
      );
      break;
    case 'VisitFinished':
      next = { ...visit, finishedAt: event.data.at };
      break;
    case 'ObservationRecorded':
      next = { ...visit, observations: [...visit.observations, event.data] };
      break;
    case 'TreatmentRecorded': {
      next = { ...visit, treatments: [...visit.treatments, event.data] };
      const rodenticide = event.data.rodenticide;
      if (rodenticide) {
        if (openEpisode(state)) updateOpen((e) => ({ ...e, lastBaitingOn: day }));
        else
          episodes = [
            ...episodes,
            {
              openedOn: day,
              species: rodenticide.species,
              inspections: [],
              lastBaitingOn: day,
              analysisWrittenOn: null,
              closedOn: null,
            },
          ];
      }
      break;
    }
    case 'SafetyAdviceGiven':
      next = { ...visit, advice: [...visit.advice, event.data] };
      break;
    case 'RecommendationAdded':
      next = { ...visit, recommendations: [...visit.recommendations, event.data] };
      break;
    case 'CustomerRemarkAdded':
      next = { ...visit, remarks: [...visit.remarks, event.data] };
      break;
    case 'DeviceChecked':
      next = { ...visit, deviceChecks: [...visit.deviceChecks, event.data] };
      break;
    case 'RodenticideAnalysisWritten':
      updateOpen((e) => ({ ...e, analysisWrittenOn: day }));
      break;
    case 'RodenticideBaitsRemoved':
      updateOpen((e) => ({ ...e, closedOn: day }));
      break;
  }
  return {
    ...state,
    visits: existing
      ? state.visits.map((v) => (v.appointmentId === d.appointmentId ? next : v))
      : [...state.visits, next],
    rodenticideEpisodes: episodes,
    clientEventIds: [...state.clientEventIds, d.clientEventId],
  };
}
