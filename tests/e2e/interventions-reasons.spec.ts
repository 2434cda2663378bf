import { randomBytes } from 'node:crypto';
import { addDays, parisWeek } from '../../src/domain/interventions/appointments';
import { parisDay } from '../../src/domain/site/time-zone';
import { requestFields } from '../support/interventions';
import { adminApi, ownAddress, signInAsAdmin } from './support/admin';
import { planAtNine } from './support/interventions';
import { expect, test } from './support/test';

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
  const technician = `Théo Raison ${tag}`;
  const [lostName, plannedName] = [`Camille Perdue ${tag}`, `Camille Annulée ${tag}`];
  const tuesday = parisWeek(addDays(parisDay(new Date()), 7)).days[1]!;
  const api = await adminApi();
  try {
    const made = await api.post('/api/trpc/adminCustomers.create', {
      data: {
        firstName: 'Théo',
        lastName: `Raison ${tag}`,
        email: `raison-${tag}@example.fr`,
        password: 'Piege-a-rats-Normandie-2026',
        role: 'technician',
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
  } finally {
    await api.dispose();
  }
  await ownAddress(page);
  for (const name of [lostName, plannedName]) {
    const sent = await page.request.post('/api/trpc/interventions.request', {
      data: { ...requestFields(0), name, email: `motif-${tag}@example.fr` },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  // « Classer Perdu »: the Motif is required, then recorded.
  await signInAsAdmin(page, '/admin/interventions');
  await page.getByRole('searchbox', { name: 'Rechercher une intervention' }).fill(lostName);
  const card = page.getByRole('listitem').filter({ hasText: lostName });
  await card.getByRole('button', { name: 'Classer « Perdu »' }).click();
  const lost = page.getByRole('dialog', { name: 'Classer « Perdu »' });
  const missing = lost.getByText('Indiquez pourquoi l’intervention est perdue.', { exact: true });
  await lost.getByRole('button', { name: 'Classer « Perdu »' }).click();
  await expect(missing).toBeVisible();
  await expect(lost.getByLabel('Motif')).toHaveAttribute('aria-invalid', 'true');
  await lost.getByLabel('Motif').fill('Le client a trouvé un autre prestataire.');
  await expect(missing).toBeHidden();
  await lost.getByRole('button', { name: 'Classer « Perdu »' }).click();
  await expect(lost).toBeHidden();
  await expect(page.getByText(/classée « Perdu »\.$/).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rouvrir' })).toBeVisible();

  // « Annuler le rendez-vous »: the same, from the planning.
  await planAtNine(page, plannedName, technician, tuesday);
  await page.goto('/admin/planning');
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  const booked = page
    .getByTestId(`day-${tuesday}`)
    .getByTestId('appointment')
    .filter({ hasText: plannedName });
  await booked.getByRole('button', { name: 'Annuler' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler le rendez-vous' });
  await cancel.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  await expect(
    cancel.getByText('Indiquez pourquoi le rendez-vous est annulé.', { exact: true }),
  ).toBeVisible();
  await cancel.getByLabel('Motif').fill('Le client est absent ce jour-là.');
  await cancel.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Rendez-vous annulé : le client est prévenu.').first()).toBeVisible();
  await expect(booked).toHaveCount(0);
});
