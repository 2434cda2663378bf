import { randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { addDays, parisWeek } from '../../src/domain/interventions/appointments';
import { parisDay } from '../../src/domain/site/time-zone';
import { adminApi, signInAsAdmin } from './support/admin';

/*
 * The two dialogs that record why (one ReasonDialog, interventions/form-section.tsx): « Classer
 * Perdu » on an intervention and « Annuler le rendez-vous » on the planning. An empty Motif is
 * refused in French, the message going as soon as one is typed; a Motif is recorded, the dialog
 * closes and says so.
 */
test('« Perdu » and an appointment’s cancellation ask for their reason, in French, then record it', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  const tech = { email: `technicien-${tag}@example.fr`, password: 'Piege-a-rats-Normandie-2026' };
  const lostName = `Camille Perdue ${tag}`;
  const plannedName = `Camille Annulée ${tag}`;
  const tuesday = parisWeek(addDays(parisDay(new Date()), 7)).days[1]!;

  const api = await adminApi();
  try {
    const created = await api.post('/api/trpc/adminCustomers.create', {
      data: { firstName: 'Théo', lastName: `Martin ${tag}`, ...tech, role: 'technician' },
    });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await api.dispose();
  }
  const visitor = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: {
      origin: new URL(test.info().project.use.baseURL ?? '').origin,
      // An address of its own: the request form's per-address limit is not shared with other specs.
      'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 254)}`,
    },
  });
  try {
    for (const name of [lostName, plannedName]) {
      const requested = await visitor.post('/api/trpc/interventions.request', {
        data: {
          name,
          email: `motif-${tag}@example.fr`,
          phone: '0612345678',
          service: 'guepe',
          siteType: 'logement_ancien',
          street: '12 rue des Lilas',
          zipCode: '27000',
          city: 'Évreux',
          message: 'Nid de guêpes sous le toit.',
        },
      });
      expect(requested.ok(), await requested.text()).toBe(true);
    }
  } finally {
    await visitor.dispose();
  }

  // « Classer Perdu »: the Motif is required, then recorded.
  await signInAsAdmin(page, '/admin/interventions');
  const search = page.getByRole('searchbox', { name: 'Rechercher une intervention' });
  await search.fill(lostName);
  const card = page.getByRole('listitem').filter({ hasText: lostName });
  await card.getByRole('button', { name: 'Classer « Perdu »' }).click();
  const lost = page.getByRole('dialog', { name: 'Classer « Perdu »' });
  await lost.getByRole('button', { name: 'Classer « Perdu »' }).click();
  await expect(lost.getByText('Indiquez pourquoi l’intervention est perdue.', { exact: true })).toBeVisible();
  await expect(lost.getByLabel('Motif')).toHaveAttribute('aria-invalid', 'true');
  await lost.getByLabel('Motif').fill('Le client a trouvé un autre prestataire.');
  await expect(lost.getByText('Indiquez pourquoi l’intervention est perdue.', { exact: true })).toBeHidden();
  await lost.getByRole('button', { name: 'Classer « Perdu »' }).click();
  await expect(lost).toBeHidden();
  await expect(page.getByText(/classée « Perdu »\.$/).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rouvrir' })).toBeVisible();

  // « Annuler le rendez-vous »: the same, from the planning.
  await search.fill(plannedName);
  const planned = page.getByRole('listitem').filter({ hasText: plannedName });
  await planned.getByRole('button', { name: 'Planifier' }).click();
  const plan = page.getByRole('dialog', { name: 'Planifier un rendez-vous' });
  await plan.getByLabel('Technicien').selectOption({ label: `Théo Martin ${tag}` });
  await plan.getByLabel('Date').fill(tuesday);
  await plan.getByLabel('Heure').fill('09:00');
  await plan.getByLabel('Durée').selectOption({ label: '1 h' });
  await plan.getByRole('button', { name: 'Planifier' }).click();
  await expect(plan).toBeHidden();
  await page.goto('/admin/planning');
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const appointment = page
    .getByTestId(`day-${tuesday}`)
    .getByTestId('appointment')
    .filter({ hasText: plannedName });
  await appointment.getByRole('button', { name: 'Annuler' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler le rendez-vous' });
  await cancel.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  await expect(
    cancel.getByText('Indiquez pourquoi le rendez-vous est annulé.', { exact: true }),
  ).toBeVisible();
  await cancel.getByLabel('Motif').fill('Le client est absent ce jour-là.');
  await cancel.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Rendez-vous annulé : le client est prévenu.').first()).toBeVisible();
  await expect(appointment).toHaveCount(0);
});
