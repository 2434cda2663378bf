import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's first React commit is done (App sets <html data-hydrated>): a pre-rendered
 * page shows its HTML before its scripts run, and a tap that lands before hydration does nothing.
 */
export async function hydrated(page: Page) {
  // The long home page hydrates in slices: on a loaded two-core machine that took over 10 s.
  await expect(page.locator('html'), `hydration of ${page.url()}`).toHaveAttribute('data-hydrated', 'true', {
    timeout: 30_000,
  });
}

/** page.goto, then waits for hydration. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/**
 * The home page comes alive: a click on the reasons carousel changes the slide. On the e2e server
 * the home page's hydration marker (<html data-hydrated>, see support/hydration.ts) did not appear
 * within 30 s in the e2e suite while every other page's did, and a click makes React hydrate the part
 * it lands on at once: so the home keeps this click-until-it-takes wait (the same dot twice is
 * harmless) until that is understood.
 */
export async function homeAlive(page: Page) {
  const dot = page.getByTestId('reasons-carousel').getByRole('button', { name: 'Raison 2' });
  await expect(async () => {
    await dot.click();
    await expect(
      page
        .getByTestId('reasons-carousel')
        .locator('[aria-roledescription="diapositive"]:not([aria-hidden="true"])'),
    ).toContainText('Techniciens certifiés', { timeout: 1000 });
  }).toPass();
}
