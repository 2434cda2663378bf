// Builds the client (Vite) and bundles the server (esbuild) into dist/, then stamps the build.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');

execFileSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', path.join(dist, 'client')],
  {
    stdio: 'inherit',
  },
);
if (process.env.SKIP_PRERENDER !== 'true') {
  const { existsSync } = await import('node:fs');
  if (existsSync('scripts/prerender.ts')) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts'], { stdio: 'inherit' });
  }
}
await build({
  // The image worker runs as its own process (src/server/images.ts forks it).
  entryPoints: ['src/server/main.ts', 'src/server/image-worker.ts'],
  outdir: path.join(dist, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
