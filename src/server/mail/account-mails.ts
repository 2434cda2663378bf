import { actionMail, type MailContent } from './layout.js';

const greeting = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');

/** Sent on sign-up: the link confirms the address (sign-in works before it is clicked). */
export function verificationMail(options: { name: string; url: string }): MailContent {
  return actionMail({
    subject: 'Confirmez votre adresse email',
    greeting: greeting(options.name),
    paragraphs: [
      'Merci d’avoir créé votre compte sur notre boutique Hygiène - Anti-nuisibles 27.',
      'Pour confirmer votre adresse email, cliquez sur le lien ci-dessous. Il est valable 24 heures.',
    ],
    action: { label: 'Confirmer mon email', url: options.url },
    footer: ['Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement ce message.'],
  });
}

/** Sent on "Mot de passe oublié ?": the link opens the page that sets a new password. */
export function resetPasswordMail(options: { name: string; url: string }): MailContent {
  return actionMail({
    subject: 'Réinitialisation de votre mot de passe',
    greeting: greeting(options.name),
    paragraphs: [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte.',
      'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe. Il est valable 1 heure et ne peut servir qu’une fois.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: options.url },
    footer: ['Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.'],
  });
}
