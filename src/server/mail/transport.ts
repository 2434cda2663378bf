import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { logger } from '../logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes, when not to the sender (a contact request's notice: the person who sent it). */
  replyTo?: string;
  /** Files sent with the mail (an invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The transport of the mail outbox's worker (src/server/mail/outbox.ts). Nothing else sends:
 * every mail is queued with enqueueMail, so it is retried and never blocks or fails a request.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The address of MAIL_FROM ("Name <address>" or a bare address): the settings give the name. */
export const addressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/** Where mails land as .eml files when no SMTP server is configured. */
export function mailDir(config: Config): string {
  return path.resolve(config.MAIL_DIR ?? path.join(config.dataDir, 'mail'));
}

function fileName(subject: string): string {
  const slug = subject
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${slug || 'mail'}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * SMTP_URL set: mails go through that server. Not set: each mail is composed exactly as it would be
 * sent and written as an .eml file (openable by any mail client), and its subject is logged, so a
 * developer sees what a user would receive without any mail server.
 */
export function createMailer(
  config: Config,
  /** The shop's name as its settings say now (Paramètres › Général): the sender's display name. */
  senderName?: () => Promise<string>,
): Mailer {
  const fromAddress = addressOf(config.MAIL_FROM);
  const fromFor = async () => {
    const name = senderName ? await senderName().catch(() => null) : null;
    return name ? { name, address: fromAddress } : config.MAIL_FROM;
  };
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: await fromFor(), ...mail });
        logger.info(`Mail sent to ${mail.to}: ${mail.subject}`);
      },
    };
  }
  const dir = mailDir(config);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from: await fromFor(), ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, fileName(mail.subject));
      await writeFile(file, info.message as Buffer);
      logger.info(`Mail to ${mail.to} written (no SMTP_URL): "${mail.subject}" -> ${file}`);
    },
  };
}
