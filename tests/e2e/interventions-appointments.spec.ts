import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import { addDays, parisInstant, parisWeek } from '../../src/domain/interventions/appointments';
import { icsUtc, parseIcs } from '../../src/domain/interventions/ics';
import { parisDay } from '../../src/domain/site/time-zone';
import { adminApi, ownAddress, signInAsAdmin } from './support/admin';
import { planAtNine } from './support/interventions';
import { mailsTo } from './support/mail';
import { expect, test } from './support/test';

/** The .ics a mail carries, however nodemailer encoded it (quoted-printable or base64). */
function icsIn(mail: string): string | null {
  const plain = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR\r?\n/.exec(mail)?.[0];
  if (plain) return plain;
  for (const block of mail.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? []) {
    const text = Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (text.startsWith('BEGIN:VCALENDAR')) return text;
  }
  return null;
}

test('the owner books Tuesday 9:00 for a technician, who sees it at 375 px; the customer gets the .ics', async ({
  page,
  browser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const tech = { email: `technicien-${tag}@example.fr`, password: 'Piege-a-rats-Normandie-2026' };
  const customer = { name: `Camille Rendez-vous ${tag}`, email: `rdv-${tag}@example.fr` };
  // Next week's Tuesday in Paris time: always one « Semaine suivante » away.
  const tuesday = parisWeek(addDays(parisDay(new Date()), 7)).days[1]!;

  const api = await adminApi();
  try {
    const created = await api.post('/api/trpc/adminCustomers.create', {
      data: { firstName: 'Théo', lastName: `Martin ${tag}`, ...tech, role: 'technician' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    // The customer has an account and requests the visit signed in (so /compte lists it).
    const account = await api.post('/api/trpc/adminCustomers.create', {
      data: { firstName: 'Camille', lastName: 'Durand', email: customer.email, password: tech.password },
    });
    expect(account.ok(), await account.text()).toBe(true);
  } finally {
    await api.dispose();
  }
  const customerApi = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: {
      origin: new URL(test.info().project.use.baseURL ?? '').origin,
      // An address of its own: the request form's per-address limit is not shared with other specs.
      'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 254)}`,
    },
  });
  try {
    const signedIn = await customerApi.post('/api/auth/sign-in/email', {
      data: { email: customer.email, password: tech.password },
    });
    expect(signedIn.ok()).toBe(true);
    const requested = await customerApi.post('/api/trpc/interventions.request', {
      data: {
        name: customer.name,
        email: customer.email,
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
  } finally {
    await customerApi.dispose();
  }

  // The owner plans it from the Interventions screen.
  await signInAsAdmin(page, '/admin/interventions');
  await planAtNine(page, customer.name, `Théo Martin ${tag}`, tuesday);

  // The owner's planning shows it in the next week, every technician together.
  await page.goto('/admin/planning');
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  await expect(page.getByTestId(`day-${tuesday}`)).toContainText(customer.name);
  await page.screenshot({ path: test.info().outputPath('owner-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1000 });
  await page.screenshot({ path: test.info().outputPath('owner-768.png'), fullPage: true });

  // The technician, on a phone, sees their Tuesday.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const techPage = await phone.newPage();
    const ip = await ownAddress(techPage);
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    const signIn = await techPage.request.post(`${origin}/api/auth/sign-in/email`, {
      headers: { origin, 'x-forwarded-for': ip },
      data: tech,
    });
    expect(signIn.ok()).toBe(true);
    // A technician lands on their day (« Tournée »); the week is on « Planning ».
    await techPage.goto(`${origin}/admin/login`);
    await expect(techPage).toHaveURL(/\/admin\/tournee$/);
    await techPage.goto(`${origin}/admin/planning`);
    await expect(techPage).toHaveURL(/\/admin\/planning$/);
    await techPage.getByRole('button', { name: 'Semaine suivante' }).click();
    const day = techPage.getByTestId(`day-${tuesday}`);
    await expect(day.getByTestId('appointment')).toHaveCount(1);
    await expect(day.getByTestId('appointment')).toContainText('09:00 – 10:00');
    await expect(day.getByTestId('appointment')).toContainText(customer.name);
    // No sideways scroll at 375 px.
    expect(await techPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Nothing of the owner's: no booking, no other screen in the menu.
    await expect(techPage.getByRole('button', { name: 'Planifier un rendez-vous' })).toHaveCount(0);
    await techPage.screenshot({ path: test.info().outputPath('technician-375.png'), fullPage: true });
  } finally {
    await phone.close();
  }

  // The customer's mail carries the .ics: 9:00 Paris time as UTC, SEQUENCE 0, METHOD:REQUEST.
  let ics: string | null = null;
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(customer.email))
        ics ??= mail.includes('rendez-vous.ics') ? icsIn(mail) : null;
      return ics !== null;
    })
    .toBe(true);
  const { props } = parseIcs(ics!.replace(/\r?\n/g, '\r\n'));
  expect(props.get('METHOD')).toEqual(['REQUEST']);
  expect(props.get('SEQUENCE')).toEqual(['0']);
  expect(props.get('DTSTART')).toEqual([icsUtc(parisInstant(tuesday, '09:00'))]);
  expect(props.get('DTEND')).toEqual([icsUtc(parisInstant(tuesday, '10:00'))]);
  expect(props.get('UID')?.[0]).toMatch(/^appointment-[0-9a-f-]{36}@/);

  // The mail's signed link: the customer, without an account, confirms the slot.
  const mail = (await mailsTo(customer.email)).find((m) => m.includes('rendez-vous.ics'))!;
  const link = /\/rendez-vous\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const guest = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const guestPage = await guest.newPage();
    await ownAddress(guestPage);
    await guestPage.goto(`${new URL(test.info().project.use.baseURL ?? '').origin}${link}`);
    const item = guestPage.getByTestId('customer-appointment');
    await expect(item).toContainText('de 09:00 à 10:00');
    await guestPage.screenshot({ path: test.info().outputPath('customer-375.png'), fullPage: true });
    await item.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(item).toContainText('Confirmé par le client');
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Signed in, the customer finds it in /compte too.
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    const signIn = await guestPage.request.post(`${origin}/api/auth/sign-in/email`, {
      headers: { origin },
      data: { email: customer.email, password: tech.password },
    });
    expect(signIn.ok()).toBe(true);
    await guestPage.goto(`${origin}/compte`);
    await expect(guestPage.getByRole('heading', { name: 'Mes rendez-vous' })).toBeVisible();
    await expect(guestPage.getByTestId('customer-appointment')).toContainText('de 09:00 à 10:00');
    await guestPage.screenshot({ path: test.info().outputPath('compte-375.png'), fullPage: true });
  } finally {
    await guest.close();
  }
});
