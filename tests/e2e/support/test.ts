import { test as base } from '@playwright/test';

/**
 * The e2e specs' `test`: Playwright's, with one automatic fixture. A browser context that a test opens
 * itself (`browser.newContext()`: a guest beside the admin, a second customer) is closed when the
 * test ends, passed or failed. Playwright closes only the contexts of its own fixtures: the others
 * lived as long as the worker (about 50 minutes in CI), their pages still polling and following
 * live updates, so every test after them ran beside dozens of idle pages.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      // Torn down before Playwright's own fixtures: its `context`, if the test used it, is already
      // closed, and its trace recorder still saves the traces of the contexts closed here.
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
