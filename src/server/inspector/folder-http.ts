/**
 * The inspector's folder outside tRPC (docs/decisions/045-inspector-folder.md):
 * - GET /dossier/{token}: the page, answered 200 for an open link, 410 for a revoked one, 404 for
 *   an unknown one (the page itself then says « Ce lien n’est plus valide »), never indexed;
 * - GET /dossier/{token}/pdf: « Télécharger le dossier (PDF) », refused the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDomainError } from '../../domain/errors.js';
import { parisDay } from '../../domain/site/time-zone.js';
import { clientIp, type Services } from '../context.js';
import { startDownload } from '../http/download.js';
import { replyError } from '../http/staff-gate.js';
import { siteFolder } from './folder.js';
import { folderFilename, renderFolderPdf } from './folder-pdf.js';
import { LINK_INVALID_MESSAGE, lookUpToken, openFolderLink } from './links.js';

export const FOLDER_PDF_PATH = /^\/dossier\/([A-Za-z0-9_-]{43})\/pdf$/;

/** No search engine, no referrer carrying the token to another site, no cache. */
export function folderHeaders(res: ServerResponse) {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
}

/** The page's status: 200 open, 410 revoked (or its site archived), 404 unknown. */
export async function folderPageStatus(services: Services, token: string): Promise<200 | 404 | 410> {
  const link = await lookUpToken(services.sql, token);
  return link.status === 'open' ? 200 : link.status === 'revoked' ? 410 : 404;
}

export async function handleFolderPdf(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
) {
  folderHeaders(res);
  try {
    const link = await openFolderLink(services.sql, token, clientIp(req, services.config.TRUSTED_PROXIES));
    const folder = await siteFolder(services.sql, link.siteId);
    const at = new Date();
    const pdf = await renderFolderPdf(
      services.sql,
      { ...folder, label: link.label },
      { publicUrl: services.config.PUBLIC_URL, at },
    );
    startDownload(res, 'application/pdf', folderFilename(folder.site.name, parisDay(at)));
    res.setHeader('Cache-Control', 'no-store');
    res.end(pdf);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === 'LINK_REVOKED' || error.code === 'LINK_UNKNOWN') {
      res.statusCode = error.code === 'LINK_REVOKED' ? 410 : 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(LINK_INVALID_MESSAGE);
      return;
    }
    replyError(res, error);
  }
}
