// Prints the initial JavaScript (gzip) of storefront pages of a running build, file by file.
// Usage: npm run measure:js -- http://localhost:3000 [paths...]
// With only a base URL it measures every storefront route (scripts/js-weight.ts).
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';
import { ADMIN_CHUNK, JS_BUDGET_KB, kb, measureRoute, storefrontPaths } from './js-weight';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const given = process.argv.slice(3);
const paths = given.length > 0 ? given : await storefrontPaths(base);

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const rows: [string, number][] = [];
  for (const pathname of paths) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const weight = await measureRoute(await context.newPage(), `${base}${pathname}`);
    await context.close();
    rows.push([pathname, weight.gzip]);
    console.log(
      `${pathname}: ${kb(weight.gzip)} KB gzip (${kb(weight.raw)} KB raw), ${weight.scripts.length} files`,
    );
    for (const s of weight.scripts) {
      const notes = [s.apiClient ? 'API client' : '', ADMIN_CHUNK.test(s.path) ? 'BACK-OFFICE' : '']
        .filter(Boolean)
        .join(', ');
      console.log(`  ${kb(s.gzip).padStart(7)} KB  ${s.path}${notes ? `  (${notes})` : ''}`);
    }
  }
  console.log('\nRoute'.padEnd(52), 'KB gzip');
  for (const [pathname, gzip] of rows) console.log(pathname.padEnd(51), kb(gzip).padStart(7));
  const worst = Math.max(...rows.map(([, gzip]) => gzip));
  console.log(`largest: ${kb(worst)} KB gzip (budget ${JS_BUDGET_KB} KB, stretch 100 KB)`);
} finally {
  await browser.close();
}
