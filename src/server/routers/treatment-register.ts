import { treatmentRegisterFiltersSchema } from '../../domain/interventions/treatment-register.js';
import { listTreatmentRegister, treatmentRegisterChoices } from '../interventions/treatment-register.js';
import { router, staffProcedure } from '../trpc.js';

/** The biocide usage register (issue 37, ADR 040): read by admins and auditors, written by no one. */
export const treatmentRegisterRouter = router({
  list: staffProcedure
    .input(treatmentRegisterFiltersSchema)
    .query(({ ctx, input }) => listTreatmentRegister(ctx.sql, input)),
  /** The products and technicians the filters offer. */
  choices: staffProcedure.query(({ ctx }) => treatmentRegisterChoices(ctx.sql)),
});
