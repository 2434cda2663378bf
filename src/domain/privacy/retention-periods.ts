/**
 * The retention periods of personal data as plain values (no zod: the privacy policy page reads
 * them without loading the schema). Rules and sources: retention.ts.
 */

export interface RetentionSettings {
  /** Contact and quote requests, after the last exchange (the privacy policy's 12 months). */
  contactMonths: number;
  /** Accounts without activity (CNIL: 3 years after the last purchase or contact). */
  inactiveAccountMonths: number;
  /** The warning mail goes this long before an inactive account is deleted. */
  inactivityWarningDays: number;
  /** A guest's order data after their last purchase (CNIL: 3 years). */
  guestOrderMonths: number;
  /**
   * An intervention requester's record (name, contact, address) when no account holds it, after
   * the last contact, the stream's last event (CNIL: 3 years after the last purchase or contact).
   */
  interventionRequestMonths: number;
  /**
   * A yearly contract's customer record after the contract's end, the day after its last day
   * (CNIL: 3 years after the last purchase; LEGAL.md names no longer limitation period).
   */
  contractMonths: number;
  /** Mails kept in the outbox and as .eml files on disk. */
  mailDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  contactMonths: 12,
  inactiveAccountMonths: 36,
  inactivityWarningDays: 30,
  guestOrderMonths: 36,
  interventionRequestMonths: 36,
  contractMonths: 36,
  mailDays: 90,
};

/** `at` minus whole months (calendar months, in UTC). */
export function monthsBefore(at: Date, n: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
}

export const daysBefore = (at: Date, n: number): Date => new Date(at.getTime() - n * 86_400_000);

/** The cut-off dates of each rule at `now`: data last touched before its date is due. */
export function retentionCutoffs(s: RetentionSettings, now: Date) {
  const inactive = monthsBefore(now, s.inactiveAccountMonths);
  return {
    contact: monthsBefore(now, s.contactMonths),
    inactiveAccount: inactive,
    /** Accounts inactive since before this date get the warning (once). */
    inactivityWarning: new Date(inactive.getTime() + s.inactivityWarningDays * 86_400_000),
    guestOrder: monthsBefore(now, s.guestOrderMonths),
    mail: daysBefore(now, s.mailDays),
  };
}

/** In years when whole, else in months: « 3 ans », « 12 mois ». */
export function frenchPeriod(months: number): string {
  if (months % 12 === 0 && months >= 24) return `${months / 12} ans`;
  if (months === 12) return '12 mois';
  return `${months} mois`;
}
