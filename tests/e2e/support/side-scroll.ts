import { expect, type Page } from '@playwright/test';

/**
 * What scrolls sideways on the page: the page itself, or any box of the main content or of an open
 * dialog whose content is wider than it (a phone user would have to swipe to read it). Empty: none.
 */
export async function sideScrolls(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`page (${doc.scrollWidth} > ${doc.clientWidth} px)`);
    for (const e of document.querySelectorAll('main *, [role="dialog"], [role="dialog"] *')) {
      const x = getComputedStyle(e).overflowX;
      if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1 && e.getClientRects().length)
        found.push(
          `${e.tagName.toLowerCase()} « ${(e.textContent ?? '').trim().slice(0, 40)} » (${e.scrollWidth} > ${e.clientWidth} px)`,
        );
    }
    return found;
  });
}

/** The page is no wider than the screen: nothing to swipe sideways to read. */
export async function fitsTheScreen(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
