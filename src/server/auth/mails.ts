import { createHash } from 'node:crypto';
import type { ShopIdentity } from '../../domain/settings/settings.js';
import { contactLine, renderMail } from '../mail/layout.js';
import type { QueuedMail } from '../mail/outbox.js';

/** What an account mail needs: its recipient, their name, its link, and the shop as its settings name it. */
export interface AccountMailOptions {
  to: string;
  name: string;
  url: string;
  shop: ShopIdentity;
}

const greeting = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');

/** One outbox row per link: a second request makes a new link, hence a new mail. */
const linkKey = (kind: string, secret: string) =>
  `${kind}:${createHash('sha256').update(secret).digest('hex').slice(0, 32)}`;

/** Sent on sign-up: the link confirms the address (sign-in works before it is clicked). */
export function verificationMail(options: AccountMailOptions): QueuedMail {
  return {
    kind: 'verify-email',
    dedupeKey: linkKey('verify-email', options.url),
    to: options.to,
    ...renderMail({
      subject: 'Confirmez votre adresse email',
      greeting: greeting(options.name),
      shopName: options.shop.name,
      blocks: [
        {
          kind: 'paragraph',
          text: `Merci d’avoir créé votre compte sur notre boutique ${options.shop.name}.`,
        },
        {
          kind: 'paragraph',
          text: 'Pour confirmer votre adresse email, cliquez sur le lien ci-dessous. Il est valable 24 heures.',
        },
        { kind: 'action', label: 'Confirmer mon email', url: options.url },
        {
          kind: 'note',
          text: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement ce message.',
        },
        { kind: 'note', text: contactLine(options.shop) },
      ],
    }),
  };
}

/** Sent on "Mot de passe oublié ?": the link opens the page that sets a new password. */
export function resetPasswordMail(options: AccountMailOptions): QueuedMail {
  return {
    kind: 'reset-password',
    dedupeKey: linkKey('reset-password', options.url),
    to: options.to,
    ...renderMail({
      subject: 'Réinitialisation de votre mot de passe',
      greeting: greeting(options.name),
      shopName: options.shop.name,
      blocks: [
        { kind: 'paragraph', text: 'Vous avez demandé à réinitialiser le mot de passe de votre compte.' },
        {
          kind: 'paragraph',
          text: 'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe. Il est valable 1 heure et ne peut servir qu’une fois.',
        },
        { kind: 'action', label: 'Choisir un nouveau mot de passe', url: options.url },
        {
          kind: 'note',
          text: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
        },
        { kind: 'note', text: contactLine(options.shop) },
      ],
    }),
  };
}
