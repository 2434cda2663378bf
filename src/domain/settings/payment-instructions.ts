/**
 * How a customer pays by transfer or by cheque (Paramètres › Paiement): the shop's IBAN and BIC and
 * the cheque's payee. The CGV (article 5) and /compte promise these instructions by email after each
 * order: the confirmation mail and /compte print `paymentInstructionLines`, one text for both.
 *
 * No zod here: /compte and the mails import it; the settings schema (settings.ts) uses the checks.
 */

export interface PaymentInstructions {
  /** Compact, upper case ('' until the owner fills it). */
  iban: string;
  bic: string;
  /** « À l'ordre de … » on a cheque ('' until filled). */
  chequePayee: string;
}

export const PAYMENT_INSTRUCTION_MESSAGES = {
  iban: 'IBAN invalide : vérifiez les caractères et la clé (ex. FR76 3000 6000 0112 3456 7890 189)',
  bic: 'BIC invalide : 8 ou 11 caractères (ex. AGRIFRPP882)',
  ibanWithoutBic: "Indiquez le BIC de la banque avec l'IBAN",
  bicWithoutIban: "Indiquez l'IBAN avec le BIC",
} as const;

export const EMPTY_PAYMENT_INSTRUCTIONS: PaymentInstructions = { iban: '', bic: '', chequePayee: '' };

/** Spaces removed, upper case: how an IBAN or a BIC is stored and checked. */
export const compactCode = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** IBAN lengths of the SEPA countries a French shop's customers bank in (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/**
 * An IBAN (ISO 13616): a known country's length, then the mod-97 check: the first four characters
 * moved to the end, letters as 10..35, the number modulo 97 is 1.
 */
export function isIban(value: string): boolean {
  const iban = compactCode(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** A BIC (ISO 9362): 4 letters (bank), 2 letters (country), 2 letters or digits (place), optional branch. */
export const isBic = (value: string) =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactCode(value));

/** The IBAN as printed: groups of four. */
export const formatIban = (iban: string) => compactCode(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** Whether the transfer instructions, the cheque instructions, are there to be given. */
export const offersTransfer = (p: PaymentInstructions) => Boolean(p.iban && p.bic);
export const offersCheque = (p: PaymentInstructions) => Boolean(p.chequePayee.trim());

/**
 * The instructions as the confirmation mail and /compte print them: one line per way to pay that the
 * settings make possible. `reference`: the order number, the transfer's wording.
 */
export function paymentInstructionLines(
  p: PaymentInstructions,
  options: { reference?: string; postalAddress?: string } = {},
): string[] {
  const lines: string[] = [];
  if (offersTransfer(p)) {
    lines.push(
      `Par virement : IBAN ${formatIban(p.iban)}, BIC ${compactCode(p.bic)}${
        options.reference ? `, en indiquant le numéro de commande ${options.reference} en référence` : ''
      }.`,
    );
  }
  if (offersCheque(p)) {
    lines.push(
      `Par chèque : à l'ordre de ${p.chequePayee.trim()}${
        options.reference ? `, en inscrivant le numéro de commande ${options.reference} au dos` : ''
      }${options.postalAddress ? `, à envoyer à ${options.postalAddress} ou à remettre en boutique` : ', à remettre en boutique'}.`,
    );
  }
  lines.push(
    'En espèces ou par carte bancaire : sur place, lors du retrait en boutique ; pour une livraison, nous vous contactons.',
  );
  return lines;
}
