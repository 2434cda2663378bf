/**
 * A technician for the integration tests (through the sign-up, so vitest's database support): kept
 * apart from treatments.ts, which the e2e tier imports too.
 */
import type { Certibiocide } from '../../src/domain/catalog/certibiocide.js';
import type { Services } from '../../src/server/context.js';
import { saveTechnicianCertificate } from '../../src/server/customers/certibiocide.js';
import { createUser } from './db.js';

/** A technician (sign-up, role « Technicien ») and their Certibiocide as the owner saves it. */
export async function createTechnician(
  services: Services,
  name: { firstName: string; lastName: string },
  certificate: Certibiocide | null,
) {
  const user = await createUser(services, { role: 'technician', ...name });
  if (certificate) await saveTechnicianCertificate(services.sql, user.id, { ...certificate, scan: null });
  return user;
}
