import { signUp, uniqueEmail } from './support/account';
import { signInAsAdmin } from './support/admin';
import { hydrated } from './support/hydration';
import { expect, test } from './support/test';

/**
 * The shop header's « Admin » link (visitor-site.md §2: to /admin/login, hidden on small screens)
 * is the staff's way in: a visitor and the back-office see it, a signed-in customer never does, on
 * /rendez-vous/{token} as on /boutique (review: a customer saw « Admin » there at 768 and 1280 px).
 */
const adminLink = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Boutique' }).getByRole('link', { name: 'Admin' });

test('a signed-in customer sees no « Admin » link at 768 and 1280 px; a visitor and an admin do', async ({
  browser,
}) => {
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await visitor.goto('/rendez-vous/not-a-token');
  await expect(visitor.getByRole('alert')).toBeVisible();
  await expect(adminLink(visitor)).toBeVisible();
  await visitor.close();

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signUp(page, { firstName: 'Camille', lastName: 'Durand', email: uniqueEmail('header') });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/rendez-vous/not-a-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`customer-${width}.png`), fullPage: true });
    await expect(adminLink(page)).toHaveCount(0);
  }
  await page.close();

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(admin);
  await admin.goto('/rendez-vous/not-a-token');
  await expect(admin.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await expect(adminLink(admin)).toBeVisible();
  await admin.close();
});

test('no « Admin » link before the session is known: a customer’s held-back session never shows it', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signUp(page, { firstName: 'Lucie', lastName: 'Morel', email: uniqueEmail('header-slow') });
  // The server renders /boutique without the session: its HTML names no role-dependent link.
  const html = await (await page.request.get('/boutique')).text();
  expect(html).toContain('aria-label="Boutique"');
  expect(html).not.toContain('href="/admin/login"');

  // The session call held back: the page is hydrated and still cannot tell who is there.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/api\/trpc\/[^?]*session\.me/, async (route) => {
    asked = true;
    await held;
    await route.continue().catch(() => {});
  });
  for (const path of ['/boutique', '/rendez-vous/not-a-token']) {
    asked = false;
    await page.goto(path);
    await hydrated(page);
    await expect.poll(() => asked).toBe(true);
    await expect(
      page.getByRole('navigation', { name: 'Boutique' }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
    await expect(adminLink(page)).toHaveCount(0);
  }
  release();
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await expect(adminLink(page)).toHaveCount(0);
  await page.close();
});
