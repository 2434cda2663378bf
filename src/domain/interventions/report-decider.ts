/**
 * The report's part of the intervention decider (issue 37 point 4; ADR 038): sealing a report
 * after « Terminé », once per appointment, signed by the technician and by the customer or
 * explicitly « client absent »; corrections only as signed addenda. `decider.ts` delegates here.
 */
import { DomainError } from '../errors.js';
import { type SiteDeviceRef, uncheckedDevices, uncheckedDevicesMessage } from '../sites/device-checks.js';
import {
  ADDENDUM_TEXT_MAX,
  type ReportVisit,
  SIGNER_NAME_MAX,
  type Signature,
  strokesProblem,
} from './report.js';
import type { ReportEvent } from './report-events.js';

export interface AddendumSummary {
  addendum: number;
  issuedAt: string;
  contentHash: string;
  pdfSha256: string;
}

export interface ReportSummary {
  number: string;
  shortCode: string;
  appointmentId: string;
  issuedAt: string;
  contentHash: string;
  pdfSha256: string;
  coveredThroughVersion: number;
  customerAbsent: boolean;
  addenda: AddendumSummary[];
}

/** What the report fold reads and writes of an intervention's state. */
export interface ReportFoldState {
  appointments: { id: string }[];
  reports: ReportSummary[];
  /** The visits' device checks (the seal rule of a site's devices, ADR 043). */
  visits?: { appointmentId: string; deviceChecks: { deviceId: string | null }[] }[];
}

type Sealed<K extends ReportEvent['type']> = Extract<ReportEvent, { type: K }>['data'];
export type ReportCommand =
  | {
      type: 'SealReport';
      data: Sealed<'ReportSealed'>;
      /**
       * The site's devices in place during the visit, read by the server from site_devices (none
       * when the intervention has no site): each must have a check in this visit (ADR 043).
       */
      siteDevices?: readonly SiteDeviceRef[];
    }
  | { type: 'SealReportAddendum'; data: Sealed<'ReportAddendumSealed'> };

export const REPORT_COMMAND_TYPES = ['SealReport', 'SealReportAddendum'] as const;
export const isReportCommand = (c: { type: string }): c is ReportCommand =>
  (REPORT_COMMAND_TYPES as readonly string[]).includes(c.type);

const invalid = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, details);

export const REPORT_MESSAGES = {
  notFinished: 'Le rapport ne peut être établi qu’après « Terminé » sur ce rendez-vous.',
  alreadySealed:
    'Le rapport de ce rendez-vous est déjà scellé : une correction se fait par un additif signé.',
  technicianSignature: 'Le technicien signe le rapport dans le cadre prévu.',
  customerSignature: 'Faites signer le client dans le cadre prévu, ou cochez « Client absent ».',
  bothChosen: 'Choisissez : la signature du client ou « Client absent », pas les deux.',
  signerName: 'Indiquez le nom du signataire.',
  signerNameTooLong: `Le nom du signataire ne doit pas dépasser ${SIGNER_NAME_MAX} caractères.`,
  signatureTooLong: 'La signature est trop longue : effacez-la et signez à nouveau.',
  signatureInvalid: 'La signature n’a pas pu être lue : effacez-la et signez à nouveau.',
  addendumEmpty: 'Écrivez la correction avant de sceller l’additif.',
  addendumTooLong: `L’additif ne doit pas dépasser ${ADDENDUM_TEXT_MAX} caractères.`,
  reportNotFound: 'Rapport introuvable.',
  appointmentNotFound: 'Rendez-vous introuvable.',
} as const;

function checkSignature(s: Signature, who: 'technician' | 'customer') {
  const name = s.name.trim();
  if (!name) throw invalid('SIGNER_NAME_REQUIRED', REPORT_MESSAGES.signerName);
  if (name.length > SIGNER_NAME_MAX) throw invalid('SIGNER_NAME_TOO_LONG', REPORT_MESSAGES.signerNameTooLong);
  const problem = strokesProblem(s.strokes);
  if (problem === 'empty')
    throw who === 'technician'
      ? invalid('TECHNICIAN_SIGNATURE_REQUIRED', REPORT_MESSAGES.technicianSignature)
      : invalid('CUSTOMER_SIGNATURE_REQUIRED', REPORT_MESSAGES.customerSignature);
  if (problem === 'too_long') throw invalid('SIGNATURE_TOO_LONG', REPORT_MESSAGES.signatureTooLong);
  if (problem === 'invalid') throw invalid('SIGNATURE_INVALID', REPORT_MESSAGES.signatureInvalid);
}

/**
 * The sealing rules, checked before the PDF is rendered and again by the decider: the visit of the
 * appointment ended (« Terminé »), no report yet for it, the technician's signature, and the
 * customer's signature or « client absent » chosen explicitly (never inferred from a blank pad).
 */
export function checkSeal(
  state: ReportFoldState,
  seal: {
    appointmentId: string;
    visit: ReportVisit | null;
    technician: Signature;
    customer: Signature | null;
    customerAbsent: boolean;
    siteDevices?: readonly SiteDeviceRef[];
  },
): void {
  if (!state.appointments.some((a) => a.id === seal.appointmentId))
    throw new DomainError('not_found', 'APPOINTMENT_NOT_FOUND', REPORT_MESSAGES.appointmentNotFound);
  if (state.reports.some((r) => r.appointmentId === seal.appointmentId))
    throw new DomainError('conflict', 'REPORT_ALREADY_SEALED', REPORT_MESSAGES.alreadySealed);
  if (!seal.visit?.finishedAt) throw invalid('REPORT_VISIT_NOT_FINISHED', REPORT_MESSAGES.notFinished);
  // Issue 38: the report of a site's visit is not sealed while one of its devices has no check.
  const checks = state.visits?.find((v) => v.appointmentId === seal.appointmentId)?.deviceChecks ?? [];
  const unchecked = uncheckedDevices(seal.siteDevices ?? [], checks);
  if (unchecked.length > 0)
    throw invalid('DEVICES_UNCHECKED', uncheckedDevicesMessage(unchecked.map((d) => d.label)), {
      devices: unchecked,
    });
  checkSignature(seal.technician, 'technician');
  if (seal.customerAbsent && seal.customer)
    throw invalid('CUSTOMER_SIGNATURE_AND_ABSENT', REPORT_MESSAGES.bothChosen);
  if (!seal.customerAbsent && !seal.customer)
    throw invalid('CUSTOMER_SIGNATURE_REQUIRED', REPORT_MESSAGES.customerSignature);
  if (seal.customer) checkSignature(seal.customer, 'customer');
}

/** The report an addendum corrects, and the addendum's rules (text, signature). */
export function checkAddendum(
  state: ReportFoldState,
  addendum: { reportNumber: string; text: string; technician: Signature },
): ReportSummary {
  const report = state.reports.find((r) => r.number === addendum.reportNumber);
  if (!report) throw new DomainError('not_found', 'REPORT_NOT_FOUND', REPORT_MESSAGES.reportNotFound);
  const text = addendum.text.trim();
  if (!text) throw invalid('ADDENDUM_EMPTY', REPORT_MESSAGES.addendumEmpty);
  if (text.length > ADDENDUM_TEXT_MAX) throw invalid('ADDENDUM_TOO_LONG', REPORT_MESSAGES.addendumTooLong);
  checkSignature(addendum.technician, 'technician');
  return report;
}

export function decideReport(command: ReportCommand, state: ReportFoldState): ReportEvent[] {
  const d = command.data;
  if (command.type === 'SealReport') {
    const r = command.data.report;
    checkSeal(state, {
      appointmentId: command.data.appointmentId,
      visit: r.visit,
      technician: r.signatures.technician,
      customer: r.signatures.customer,
      customerAbsent: r.signatures.customerAbsent,
      siteDevices: command.siteDevices,
    });
    return [{ type: 'ReportSealed', data: command.data }];
  }
  const addendum = command.data;
  const report = checkAddendum(state, addendum);
  if (addendum.addendum !== report.addenda.length + 1)
    throw new DomainError(
      'conflict',
      'ADDENDUM_OUT_OF_ORDER',
      'Un autre additif vient d’être scellé : recommencez.',
    );
  if (d.coveredThroughVersion < report.coveredThroughVersion)
    throw invalid('ADDENDUM_BEFORE_REPORT', REPORT_MESSAGES.reportNotFound);
  return [{ type: 'ReportAddendumSealed', data: addendum }];
}

export function evolveReport<S extends ReportFoldState>(state: S, event: ReportEvent): S {
  if (event.type === 'ReportSealed') {
    const d = event.data;
    return {
      ...state,
      reports: [
        ...state.reports,
        {
          number: d.number,
          shortCode: d.shortCode,
          appointmentId: d.appointmentId,
          issuedAt: d.issuedAt,
          contentHash: d.contentHash,
          pdfSha256: d.pdfSha256,
          coveredThroughVersion: d.coveredThroughVersion,
          customerAbsent: d.customer === null,
          addenda: [],
        },
      ],
    };
  }
  const d = event.data;
  return {
    ...state,
    reports: state.reports.map((r) =>
      r.number === d.reportNumber
        ? {
            ...r,
            addenda: [
              ...r.addenda,
              {
                addendum: d.addendum,
                issuedAt: d.issuedAt,
                contentHash: d.contentHash,
                pdfSha256: d.pdfSha256,
              },
            ],
          }
        : r,
    ),
  };
}
