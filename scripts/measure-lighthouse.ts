// Lighthouse 12 (mobile, its default) against a running build: performance, accessibility and SEO
// of the home page, /boutique and the first product page, each the median of 5 runs (a run that
// fails is said and run again, never counted as a score).
// Usage: npm run measure:lighthouse -- http://localhost:3000 [runs]
// The scores depend on the machine's load: say how busy it was when quoting them.
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 5);

const list = (await (await fetch(`${base}/api/trpc/catalog.list`)).json()) as {
  result?: { data?: { id: string }[] };
};
const product = list.result?.data?.[0]?.id;
const paths = ['/', '/boutique', ...(product ? [`/produit/${product}`] : [])];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// Chromium started by Playwright (as measure:js does), with a DevTools port for Lighthouse.
const port = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});
const browser = await chromium.launch(chromiumLaunchOptions([`--remote-debugging-port=${port}`]));
try {
  console.log(`Lighthouse ${runs} runs per page (mobile), medians; load average ${loadavg()[0]!.toFixed(1)}`);
  console.log('Page'.padEnd(52), 'perf  a11y   seo   LCP ms   TBT ms');
  for (const path of paths) {
    const scores: Record<'performance' | 'accessibility' | 'seo' | 'lcp' | 'tbt', number[]> = {
      performance: [],
      accessibility: [],
      seo: [],
      lcp: [],
      tbt: [],
    };
    // A run Lighthouse could not finish (no score: e.g. NO_FCP when the machine stalled) is not a
    // score of 0: it is said, and run again, at most `runs` times over.
    const failures: string[] = [];
    while (scores.performance.length < runs && failures.length < runs) {
      const result = await lighthouse(`${base}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError || typeof categories.performance?.score !== 'number') {
        failures.push(runtimeError?.code ?? 'no performance score');
        continue;
      }
      scores.performance.push(Math.round(categories.performance.score * 100));
      scores.accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
      scores.seo.push(Math.round((categories.seo?.score ?? 0) * 100));
      scores.lcp.push(audits['largest-contentful-paint']?.numericValue ?? 0);
      scores.tbt.push(audits['total-blocking-time']?.numericValue ?? 0);
    }
    if (scores.performance.length === 0) {
      console.log(path.padEnd(52), `no run finished: ${failures.join(', ')}`);
      continue;
    }
    console.log(
      path.padEnd(52),
      String(median(scores.performance)).padStart(4),
      String(median(scores.accessibility)).padStart(5),
      String(median(scores.seo)).padStart(5),
      String(Math.round(median(scores.lcp))).padStart(8),
      String(Math.round(median(scores.tbt))).padStart(8),
      `  (perf runs: ${scores.performance.join(', ')})${failures.length > 0 ? `; failed runs, run again: ${failures.join(', ')}` : ''}`,
    );
  }
} finally {
  await browser.close();
}
