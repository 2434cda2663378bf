import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { addDays } from '../../../src/domain/interventions/appointments';
import { parisDay } from '../../../src/domain/site/time-zone';
import type { RequestFields } from '../../../src/server/interventions/commands';
import { adminApi, ownAddress } from './admin';
import { interventionSignedOffPremisesDaysAgo } from './history';
import { mutate } from './trpc';

export interface Technician {
  email: string;
  password: string;
}

/**
 * A technician's day of the technician's phone specs: a new technician (an account of the test's
 * own, role « Technicien »), and tomorrow at 9:00 their visit of `request`, an intervention signed
 * off premises 3 days ago (at the site `siteId` when given), booked by the owner.
 */
export async function technicianVisitTomorrow(
  request: RequestFields,
  options: { siteId?: string } = {},
): Promise<Technician> {
  const tag = randomBytes(3).toString('hex');
  const tech = { email: `technicien-${tag}@example.fr`, password: 'Postes-appatage-Eure-2026' };
  const api = await adminApi();
  try {
    const technician = await mutate(api, 'adminCustomers.create', {
      firstName: 'Léa',
      lastName: `Roux ${tag}`,
      ...tech,
      role: 'technician',
    });
    const intervention = await interventionSignedOffPremisesDaysAgo(request, null, 3, options);
    await mutate(api, 'planning.book', {
      interventionId: intervention.id,
      technicianId: technician.id,
      day: addDays(parisDay(new Date()), 1),
      time: '09:00',
      durationMinutes: 60,
    });
  } finally {
    await api.dispose();
  }
  return tech;
}

/** The technician signs in on the back-office's form and lands on « Tournée ». */
export async function signInAsTechnician(page: Page, tech: Technician): Promise<void> {
  await ownAddress(page);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(tech.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(tech.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/tournee$/);
}
