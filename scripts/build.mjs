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
// The server and the operator commands, bundled the same way, so a production image (which has no
// src/ and no tsx) runs every command the README gives: node dist/server/cli/<command>.js.
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'cli/migrate': 'src/server/cli/migrate.ts',
    'cli/orders-replay': 'src/server/cli/orders-replay.ts',
    'cli/orders-verify': 'src/server/cli/orders-verify.ts',
    'cli/orders-export': 'src/server/cli/orders-export.ts',
    'cli/db-backup': 'src/server/cli/db-backup.ts',
    'cli/db-restore': 'src/server/cli/db-restore.ts',
    // The image worker runs as its own process (src/server/images/images.ts forks it).
    'image-worker': 'src/server/images/image-worker.ts',
  },
  outdir: path.join(dist, 'server'),
  splitting: true,
  // Chunks sit beside main.js, so that paths relative to a module (./image-worker.js) hold in any.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
