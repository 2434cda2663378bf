import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { renderMail } from '../mail/layout.js';
import { createMailer } from '../mail/transport.js';
import { eraseMailFiles } from './erase.js';

/*
 * The .eml files the mailer writes are MIME-encoded: a long line (the shop's « Nouvelle commande »
 * names the customer, their email and phone on one) is folded by quoted-printable soft breaks that
 * may fall inside the address. Erasure finds it anyway.
 */

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('erasing the mail files that name a person', () => {
  it('removes every .eml naming the email, wherever the encoding folds it, and keeps the others', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'erase-eml-'));
    const config = { MAIL_DIR: dir, dataDir: dir, MAIL_FROM: 'boutique@example.fr' } as unknown as Config;
    const mailer = createMailer(config);
    const email = 'jeannette.quibolle@example.fr';
    // Every position of the address on the folded line: some fall on a soft break.
    for (let n = 0; n < 80; n++) {
      const mail = renderMail({
        shopName: 'Boutique',
        subject: `Nouvelle commande ${n}`,
        greeting: 'Bonjour,',
        blocks: [{ kind: 'paragraph', text: `Client : ${'é'.repeat(n)} Quibolle, ${email}, +33698765432.` }],
      });
      await mailer.send({ ...mail, to: 'boutique@example.fr' });
    }
    const other = renderMail({
      shopName: 'Boutique',
      subject: 'Nouvelle commande autre',
      greeting: 'Bonjour,',
      blocks: [{ kind: 'paragraph', text: 'Client : Paulin, paulin@example.fr.' }],
    });
    await mailer.send({ ...other, to: 'boutique@example.fr' });
    expect(await readdir(dir)).toHaveLength(81);

    expect(await eraseMailFiles(dir, [email.toUpperCase()])).toBe(80);
    const left = await readdir(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('nouvelle-commande-autre');
  });
});
