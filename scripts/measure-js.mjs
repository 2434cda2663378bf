// Measures the initial JavaScript of storefront pages: every JS response a page loads until the
// network is idle after load (entry, route chunk and its imports), gzip-compressed as the server
// sends it. Usage: node scripts/measure-js.mjs http://localhost:3000 /boutique /produit/<id>
// With only a base URL it measures /boutique and the first product's page.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
let paths = process.argv.slice(3);
const adminPattern = /\/assets\/(admin|dashboard|products-admin)[^/]*\.js$/;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  if (paths.length === 0) {
    const response = await fetch(`${base}/api/trpc/catalog.list`);
    const body = await response.json();
    const first = body.result?.data?.[0]?.id ?? body.result?.data?.json?.[0]?.id;
    paths = ['/boutique', ...(first ? [`/produit/${first}`] : [])];
  }
  let worst = 0;
  for (const pathname of paths) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const url = response.url();
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      scripts.set(
        url,
        response.body().catch(() => Buffer.alloc(0)),
      );
    });
    await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    const rows = [];
    for (const [url, pending] of scripts) {
      const body = await pending;
      const gz = gzipSync(body).length;
      raw += body.length;
      gzip += gz;
      rows.push({ file: new URL(url).pathname, kb: +(gz / 1024).toFixed(1) });
      if (adminPattern.test(url)) console.log(`  ! back-office code loaded: ${url}`);
    }
    worst = Math.max(worst, gzip);
    console.log(
      `${pathname}: ${(gzip / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw), ${rows.length} files`,
    );
    for (const row of rows.sort((a, b) => b.kb - a.kb))
      console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
    await context.close();
  }
  console.log(`largest: ${(worst / 1024).toFixed(1)} KB gzip (goal 130 KB, stretch 100 KB)`);
} finally {
  await browser.close();
}
