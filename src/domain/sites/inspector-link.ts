/**
 * The inspector's folder (docs/decisions/045-inspector-folder.md): what the owner types for it, a
 * link's label and the site's protocol, checked by the same schemas in the back-office and the server.
 */
import { z } from 'zod';
import { uuidInput } from '../security/ids.js';

export const LINK_LABEL_MAX = 120;
export const PROTOCOL_MAX = 4000;

export const linkLabelSchema = z
  .string()
  .trim()
  .min(1, 'Indiquez pour qui est ce lien (par exemple « Contrôle DDPP de mars »).')
  .max(LINK_LABEL_MAX, `Le libellé ne doit pas dépasser ${LINK_LABEL_MAX} caractères.`);

export const protocolSchema = z
  .string()
  .trim()
  .max(PROTOCOL_MAX, `Le protocole ne doit pas dépasser ${PROTOCOL_MAX} caractères.`);

export const inspectorLinkInputSchema = z.object({
  siteId: uuidInput('Site introuvable.'),
  label: linkLabelSchema,
});
export const siteProtocolInputSchema = z.object({
  siteId: uuidInput('Site introuvable.'),
  protocol: protocolSchema,
});
