/**
 * Headless Chromium as every tool here launches it (Playwright's e2e tests, measure:js,
 * measure:lighthouse): Debian's build, and the flags that keep it quiet on a shared machine.
 */
import { existsSync } from 'node:fs';

const chromePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  ...(chromePath ? { executablePath: chromePath } : {}),
  args: [
    ...extraArgs,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
