import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Draws a zigzag on a signature pad: with one finger on a touch screen (CDP touch events: the page
 * sees pointer events of type touch), with the mouse on a desktop.
 */
export async function drawWithFinger(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const point = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const path = Array.from({ length: 12 }, (_, i) => point(0.1 + (i + 1) * 0.065, i % 2 ? 0.75 : 0.25));
  if (!(await page.evaluate(() => navigator.maxTouchPoints > 0))) {
    const start = point(0.1, 0.7);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (const p of path) await page.mouse.move(p.x, p.y, { steps: 2 });
    await page.mouse.up();
    return;
  }
  const client = await page.context().newCDPSession(page);
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0.1, 0.7)] });
  for (const p of path)
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await client.detach();
}

/** The PDF a mail carries (nodemailer writes it base64). */
export function pdfOf(mail: string): Buffer {
  const block = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)?.[1];
  if (!block) throw new Error('no PDF in the mail');
  return Buffer.from(block.replace(/\s+/g, ''), 'base64');
}

/** The text of a PDF's pages (pdftotext, layout kept). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-e2e-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
}

/** The QR code printed on a PDF's first page, read from a 150 dpi rendering. */
export async function qrOf(pdf: Buffer): Promise<string | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-e2e-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', '-f', '1', '-l', '1', 'r.pdf', 'p'], {
    cwd: dir,
  });
  const png = sharp(readFileSync(path.join(dir, 'p.png')));
  const { data, info } = await png.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/**
 * Plans, from the Interventions screen (open), the intervention of `name` with `technician` (the
 * option's label) on `day` at 9:00 for an hour; waits for the confirmation and the dialog to close.
 */
export async function planAtNine(page: Page, name: string, technician: string, day: string) {
  await page.getByRole('searchbox', { name: 'Rechercher une intervention' }).fill(name);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: 'Planifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Planifier un rendez-vous' });
  await dialog.getByLabel('Technicien').selectOption({ label: technician });
  await dialog.getByLabel('Date').fill(day);
  await dialog.getByLabel('Heure').fill('09:00');
  await dialog.getByLabel('Durée').selectOption({ label: '1 h' });
  await dialog.getByRole('button', { name: 'Planifier' }).click();
  await expect(
    page.getByText('Rendez-vous planifié : le client reçoit la confirmation.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}
