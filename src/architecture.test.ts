import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => ({ typeOnly: Boolean(m[2]), spec: m[3]! }));

describe('layout boundaries', () => {
  it('keeps src/domain pure: no server, client, database, tRPC or React imports', () => {
    for (const file of sources(path.join(root, 'domain'))) {
      for (const { spec } of importsOf(file)) {
        expect(spec, file).not.toMatch(
          /(\/server\/|\/client\/|^postgres|^@trpc|^react|^kysely|^better-auth)/,
        );
      }
    }
  });

  it('lets src/client import from the server only types', () => {
    let serverImports = 0;
    for (const file of sources(path.join(root, 'client'))) {
      for (const { spec, typeOnly } of importsOf(file)) {
        if (!spec.includes('/server/')) continue;
        serverImports += 1;
        expect(typeOnly, `${file} imports ${spec}`).toBe(true);
      }
    }
    // The router type is imported somewhere: the scan does see server imports.
    expect(serverImports).toBeGreaterThan(0);
  });
});
