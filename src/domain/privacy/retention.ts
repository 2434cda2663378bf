/**
 * How long personal data is kept (RGPD art. 5(1)(e); CNIL's customer-data referential; the shop's
 * privacy policy). Each period is a setting whose default is the figure the law or the policy
 * gives; the retention job (server/privacy/retention.ts) and the privacy policy page read the same
 * values, so the page always says what the code does.
 */
import { z } from 'zod';
import { addMonths } from '../contracts/calendar.js';
import type { RetentionSettings } from './retention-periods.js';

export * from './retention-periods.js';

export const RETENTION_MESSAGES = {
  months: 'Indiquez un nombre de mois entre 1 et 120.',
  days: 'Indiquez un nombre de jours entre 1 et 3650.',
  warning: 'Le préavis doit être plus court que la durée d’inactivité.',
} as const;

const months = z
  .number({ error: RETENTION_MESSAGES.months })
  .int(RETENTION_MESSAGES.months)
  .min(1, RETENTION_MESSAGES.months)
  .max(120, RETENTION_MESSAGES.months);
const days = z
  .number({ error: RETENTION_MESSAGES.days })
  .int(RETENTION_MESSAGES.days)
  .min(1, RETENTION_MESSAGES.days)
  .max(3650, RETENTION_MESSAGES.days);

export const retentionSettingsSchema: z.ZodType<RetentionSettings> = z
  .object({
    /** Contact and quote requests, after the last exchange (the privacy policy's 12 months). */
    contactMonths: months,
    /** Accounts without activity (CNIL: 3 years after the last purchase or contact). */
    inactiveAccountMonths: months,
    /** The warning mail goes this long before an inactive account is deleted. */
    inactivityWarningDays: days,
    /** A guest's order data after their last purchase (CNIL: 3 years). */
    guestOrderMonths: months,
    /** An intervention requester's record without an account, after the last contact (CNIL: 3 years). */
    interventionRequestMonths: months,
    /** A yearly contract's customer record after the contract's end (CNIL: 3 years). */
    contractMonths: months,
    /** Mails kept in the outbox and as .eml files on disk. */
    mailDays: days,
  })
  .refine((s) => s.inactivityWarningDays < s.inactiveAccountMonths * 28, {
    message: RETENTION_MESSAGES.warning,
    path: ['inactivityWarningDays'],
  });

/**
 * The Paris day from which data kept `months` after `fromDay` (a Paris day) is erased: the same
 * calendar day `months` later (a day the month lacks: its last day). The day before, it is kept.
 */
export const retentionDueDay = (fromDay: string, months: number): string => addMonths(fromDay, months);

/** Whether data kept `months` after `fromDay` is due on `today` (Paris days). */
export const isRetentionDue = (fromDay: string, months: number, today: string): boolean =>
  today >= retentionDueDay(fromDay, months);
