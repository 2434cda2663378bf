import { expect, test } from '@playwright/test';

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
