/**
 * Build step (called by scripts/build.mjs after the client build): renders the marketing pages to
 * static HTML in <DIST_DIR>/client/<path>/index.html (and 404.html), and keeps the unrendered shell
 * as spa.html for every other route. See docs/decisions/002-prerendering.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production server build: what the browser hydrates is the production client build.
process.env.NODE_ENV = 'production';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const clientDir = path.join(dist, 'client');
const ssrDir = path.join(dist, 'prerender-ssr');

execFileSync(
  process.execPath,
  [
    'node_modules/vite/bin/vite.js',
    'build',
    '--ssr',
    'src/client/entry-prerender.tsx',
    '--outDir',
    ssrDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { stdio: 'inherit' },
);

type Entry = typeof import('../src/client/entry-prerender');
const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href)) as Entry;

const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!shell.includes('<!--app-html-->')) throw new Error('index.html lost its <!--app-html--> marker');
// The shell served as is (and filled by the server for the shop pages): no marker left in it.
writeFileSync(path.join(clientDir, 'spa.html'), shell.replace('<!--app-html-->', ''));

for (const page of entry.pages) {
  const html = await entry.render(page.url);
  if (!html.trim()) throw new Error(`Pre-rendering ${page.url} produced no HTML`);
  const out = entry.fillShell(shell, entry.headTags(page), html);
  const file = path.join(clientDir, page.file);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, out);
}
rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `Pre-rendered ${entry.pages.length} pages into ${path.relative(process.cwd(), clientDir) || '.'}`,
);
