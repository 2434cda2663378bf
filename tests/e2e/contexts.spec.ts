import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/test';

/*
 * The suite's own hygiene (support/test.ts): a context a test opens itself is closed when the test
 * ends, so no page of it goes on polling beside the tests that follow in the same worker.
 */

let opened: BrowserContext | undefined;

test('a test opens a context of its own and leaves it open', async ({ browser }) => {
  opened = await browser.newContext();
  await opened.newPage();
  expect(browser.contexts()).toContain(opened);
});

test('the next test of the worker finds it closed', async ({ browser }) => {
  expect(opened, 'the first test ran in this worker').toBeDefined();
  expect(browser.contexts()).not.toContain(opened);
  expect(opened?.pages()).toEqual([]);
});
