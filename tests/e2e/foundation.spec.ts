import { expect, test } from './support/test';

test('the shop shows products read through tRPC from PostgreSQL @phone', async ({ page }) => {
  await page.goto('/boutique');
  await expect(page.getByTestId('product-grid').locator('li').first()).toBeVisible();
  expect(await page.getByTestId('product-grid').locator('li').count()).toBeGreaterThanOrEqual(12);
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('built assets are served by type, hashed ones cached for good and revalidated with 304', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  expect(script).toBeTruthy();
  const first = await request.get(script!);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toMatch(/javascript/);
  expect(first.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get(script!, { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  // A file of the build outside /assets/ is kept an hour; a missing asset is a 404, not a page.
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(icon.headers()['cache-control']).toBe('public, max-age=3600');
  expect((await request.get('/assets/absent-0000.js')).status()).toBe(404);
});
