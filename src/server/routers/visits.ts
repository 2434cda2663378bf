import { z } from 'zod';
import { certibiocideSchema } from '../../domain/account/certibiocide.js';
import { PRODUCT_DOCUMENT_URL } from '../../domain/catalog/product.js';
import { siteNotesSchema, visitInputSchema } from '../../domain/interventions/visit-input.js';
import { uuidInput } from '../../domain/security/ids.js';
import { saveTechnicianCertificate, technicianCertificate } from '../customers/certibiocide.js';
import { errors } from '../errors.js';
import { locateDevice } from '../interventions/device-checks.js';
import {
  type FieldUser,
  recordVisit,
  rodenticideEpisodes,
  treatmentProducts,
  updateSiteNotes,
  visitDay,
  visitDetail,
} from '../interventions/visits.js';
import { adminProcedure, authedProcedure, router } from '../trpc.js';

/** The visit's actors: admins, and technicians (their own appointments, checked by each call). */
const fieldProcedure = authedProcedure.use(function isFieldUser({ ctx, next }) {
  const { role } = ctx.user;
  if (role !== 'admin' && role !== 'technician') throw errors.notAdmin();
  const field: FieldUser = { id: ctx.user.id, role, email: ctx.user.email };
  return next({ ctx: { ...ctx, field } });
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide.');
const userId = z.string().trim().min(1).max(100);

/** The technician's visit (issue 37; docs/decisions/037-the-visit.md). */
export const visitsRouter = router({
  /** One visit action (« Je pars », « Sur place », « Terminé », a treatment...), idempotent by clientEventId. */
  record: fieldProcedure
    .input(visitInputSchema)
    .mutation(({ ctx, input }) => recordVisit(ctx.sql, ctx.field, input, ctx.requestId)),

  /** A Paris day's visits in order (a technician: their own). */
  day: fieldProcedure
    .input(z.object({ day, technicianId: userId.nullable().default(null) }))
    .query(({ ctx, input }) => visitDay(ctx.sql, ctx.config.AUTH_SECRET, ctx.field, input)),

  /** What a visit recorded, and the intervention's open rodenticide episode. */
  detail: fieldProcedure
    .input(
      z.object({
        interventionId: uuidInput('Intervention introuvable.'),
        appointmentId: uuidInput('Rendez-vous introuvable.'),
      }),
    )
    .query(({ ctx, input }) => visitDetail(ctx.sql, ctx.field, input.interventionId, input.appointmentId)),

  /**
   * The QR on a device's label (/admin/tournee?dispositif=CODE): the visit on site at its site
   * (ADR 043), or the French reason why none.
   */
  locate: fieldProcedure
    .input(z.object({ code: z.string().trim().min(1, 'Code de dispositif manquant.').max(36) }))
    .query(({ ctx, input }) => locateDevice(ctx.sql, ctx.field, input.code)),

  /** The catalogue's biocides, for the treatment and advice forms. */
  products: fieldProcedure.query(({ ctx }) => treatmentProducts(ctx.sql)),

  /** Access notes (encrypted at rest) and hazards of the site. */
  saveSite: fieldProcedure
    .input(siteNotesSchema)
    .mutation(({ ctx, input: { interventionId, ...notes } }) =>
      updateSiteNotes(ctx.sql, ctx.config.AUTH_SECRET, ctx.field, interventionId, notes),
    ),

  /** The owner: open anticoagulant episodes, their next inspection and the days to book. */
  episodes: adminProcedure.query(({ ctx }) => rodenticideEpisodes(ctx.sql)),

  /** The owner: a technician's Certibiocide and its scan. */
  certificate: adminProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => technicianCertificate(ctx.sql, input.userId)),

  saveCertificate: adminProcedure
    .input(
      certibiocideSchema.and(
        z.object({
          userId,
          scan: z
            .string()
            .regex(PRODUCT_DOCUMENT_URL, "Le scan du certificat n'existe pas")
            .nullable()
            .default(null),
        }),
      ),
    )
    .mutation(({ ctx, input: { userId: id, ...fields } }) =>
      saveTechnicianCertificate(ctx.sql, id, {
        number: fields.number,
        category: fields.category,
        expiresOn: fields.expiresOn,
        scan: fields.scan,
      }),
    ),
});
