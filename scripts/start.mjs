// `npm start`: builds first when dist/ is missing or older than the sources, then serves.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const inputs = [
  'src',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'scripts/build.mjs',
  'scripts/prerender.ts',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const stamp = path.join(dist, '.build-stamp');
const stale =
  !existsSync(stamp) ||
  !existsSync(path.join(dist, 'server/main.js')) ||
  Math.max(...inputs.map(newest)) > statSync(stamp).mtimeMs;
if (stale) {
  console.log('Building the app (first start, or sources changed)...');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
if (process.argv.includes('--build-only')) process.exit(0);
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(dist, 'server/main.js')).href);
