/** The back-office pipeline's columns (issue 36): one status per intervention, from its log. */
export const INTERVENTION_STATUSES = [
  'requested',
  'quote_sent',
  'accepted',
  'scheduled',
  'done',
  'invoiced',
  'lost',
] as const;
export type InterventionStatus = (typeof INTERVENTION_STATUSES)[number];

export const INTERVENTION_STATUS_LABELS: Record<InterventionStatus, string> = {
  requested: 'Demandes',
  quote_sent: 'Devis envoyés',
  accepted: 'Acceptés',
  scheduled: 'Planifiés',
  done: 'Réalisés',
  invoiced: 'Facturés',
  lost: 'Perdus',
};

/** One intervention's status, as a badge says it (singular). */
export const INTERVENTION_STATUS_BADGES: Record<InterventionStatus, string> = {
  requested: 'Demande',
  quote_sent: 'Devis envoyé',
  accepted: 'Accepté',
  scheduled: 'Planifié',
  done: 'Réalisé',
  invoiced: 'Facturé',
  lost: 'Perdu',
};
