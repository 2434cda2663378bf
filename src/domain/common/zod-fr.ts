import { type core, z } from 'zod';

/**
 * zod's messages in French, for people: what a schema says when its own rule carries no message
 * (a number field left as « -5 » or « abc », a choice outside the list, a text too long). zod's
 * default is English (« Invalid input: expected number, received NaN »), and a person reads these
 * on a field or in a notice. Installed once per runtime by importing this module: the server's
 * procedures (src/server/trpc.ts), the forms' one validation step (src/client/lib/use-form.ts) and
 * the back-office chunk (src/client/routes/admin.tsx) import it. A schema's own message still wins.
 */

const count = (n: number | bigint) => Number(n).toLocaleString('fr-FR');

type Issue = core.$ZodRawIssue;

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null) return 'Ce champ est obligatoire.';
  switch (issue.expected) {
    case 'number':
      return 'Saisissez un nombre (par exemple 12,50).';
    case 'int':
      return 'Saisissez un nombre entier.';
    case 'string':
      return 'Saisissez un texte.';
    case 'boolean':
      return 'Répondez par oui ou non.';
    case 'date':
      return 'Saisissez une date valide.';
    default:
      return 'Valeur invalide.';
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = count(issue.maximum as number);
  switch (issue.origin) {
    case 'string':
      return `Ce texte est trop long (${max} caractères maximum).`;
    case 'array':
    case 'set':
      return `Trop d'éléments (${max} au plus).`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? `La valeur doit être au plus ${max}.`
        : `La valeur doit être inférieure à ${max}.`;
    case 'date':
      return 'Cette date est trop tardive.';
    default:
      return 'Valeur trop grande.';
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = count(issue.minimum as number);
  switch (issue.origin) {
    case 'string':
      return Number(issue.minimum) <= 1 ? 'Ce champ est obligatoire.' : `Au moins ${min} caractères.`;
    case 'array':
    case 'set':
      return Number(issue.minimum) <= 1 ? 'Choisissez au moins un élément.' : `Au moins ${min} éléments.`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? `La valeur doit être au moins ${min}.`
        : `La valeur doit être supérieure à ${min}.`;
    case 'date':
      return 'Cette date est trop ancienne.';
    default:
      return 'Valeur trop petite.';
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return 'Adresse email invalide.';
    case 'url':
      return 'Adresse web invalide.';
    case 'date':
    case 'datetime':
      return 'Date invalide.';
    case 'time':
      return 'Heure invalide.';
    case 'uuid':
    case 'guid':
      return 'Identifiant invalide.';
    default:
      return 'Format invalide.';
  }
}

/** The French message of one issue zod raised without a message of the schema's own. */
export function frenchZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value':
      return issue.values.length === 1 ? 'Valeur invalide.' : 'Choisissez une des valeurs proposées.';
    case 'not_multiple_of':
      return `La valeur doit être un multiple de ${count(issue.divisor as number)}.`;
    case 'unrecognized_keys':
      return `Champ inattendu : ${issue.keys.join(', ')}.`;
    default:
      return 'Valeur invalide.';
  }
}

z.config({ localeError: frenchZodMessage });
