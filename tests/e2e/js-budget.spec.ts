import { randomBytes, randomInt } from 'node:crypto';
import { ADMIN_CHUNK, JS_BUDGET_KB, kb, measureRoute, storefrontPaths } from '../../scripts/js-weight';
import { expect, test } from './support/test';

/*
 * The storefront's JavaScript budget (issue 16, docs/decisions/017-js-budget.md): the initial JS of
 * every storefront route, gzip, as `npm run measure:js` prints it. A size check on the production
 * build, not a timing. The marketing pages download the API client (tRPC, TanStack Query) only
 * when the contact form is first used. The redirecting routes weigh what their target weighs:
 * /compte signed out is sent to /auth by the server, /confirmation without a saved order to
 * /boutique before its page's code loads.
 */

const MARKETING = /^\/($|rubriques\/|mentions-legales$|cgv$|politique-confidentialite$)/;

test('every storefront route stays within the initial JS budget', async ({ browser, baseURL }) => {
  // Eighteen cold page loads, four at a time: each weighs the bytes its own page fetched, so pages
  // loading side by side do not change a figure (only the wait for a quiet network is shared).
  test.setTimeout(300_000);
  const paths = await storefrontPaths(baseURL!);
  const weights = new Map<string, Awaited<ReturnType<typeof measureRoute>>>();
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
        weights.set(path, await measureRoute(await context.newPage(), `${baseURL}${path}`));
        await context.close();
      }
    }),
  );
  const report: string[] = [];
  for (const path of paths) {
    const weight = weights.get(path)!;
    report.push(`${path}: ${kb(weight.gzip)} KB`);
    expect.soft(weight.gzip / 1024, `${path} initial JS, KB gzip`).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect.soft(weight.scripts.filter((s) => ADMIN_CHUNK.test(s.path)).map((s) => s.path)).toEqual([]);
    if (MARKETING.test(path)) {
      expect
        .soft(
          weight.scripts.filter((s) => s.apiClient).map((s) => s.path),
          `${path} loads no API client`,
        )
        .toEqual([]);
    }
  }
  test.info().annotations.push({ type: 'initial JS', description: report.join('\n') });
  expect(report.length).toBeGreaterThan(10);
});

test('the contact form fetches the API client on first use and sends on a cold page', async ({
  page,
  baseURL,
}) => {
  // Its own client address: the contact form's per-address limit is not shared with other tests.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  const before = await measureRoute(page, `${baseURL}/`);
  expect(before.scripts.filter((s) => s.apiClient)).toEqual([]);

  const form = page.locator('#contact form');
  await form.getByLabel('Nom complet *').fill(`Visiteur ${randomBytes(3).toString('hex')}`);
  await form.getByLabel('Téléphone *').fill('06 98 76 54 32');
  await form.getByLabel('Email *').fill('visiteur@example.fr');
  await form.getByLabel('Service souhaité *').selectOption('frelon');
  await form.getByLabel('Type de lieu *').selectOption('exterieur');
  await form.getByLabel("Adresse de l'intervention *").fill('3 chemin des Prés');
  await form.getByLabel('Code postal *').fill('27000');
  await form.getByLabel('Ville *').fill('Évreux');
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Message envoyé !', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Nom complet *')).toHaveValue('');
});
