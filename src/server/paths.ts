import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, whether the code runs from src/ (tsx) or from the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, 'migrations');
/** Where builds go: ./dist, or DIST_DIR (lets several builds coexist, e.g. parallel e2e runs). */
export const distDir = process.env.DIST_DIR
  ? path.resolve(process.env.DIST_DIR)
  : path.join(projectRoot, 'dist');
export const clientDistDir = path.join(distDir, 'client');
