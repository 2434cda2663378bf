/**
 * Maintenance mode (Système tab), enforced on the server: while it is on, every public page
 * (pre-rendered ones included) answers a French maintenance page with 503 and Retry-After, except
 * to signed-in admins; the back-office (/admin, its sign-in) and the API stay reachable, and
 * `checkout.place` refuses visitors (src/server/orders/checkout.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ShopIdentity } from '../../domain/settings/settings.js';
import { type Services, sessionUser } from '../context.js';
import { escapeHtml } from '../mail/layout.js';
import { cachedSettings } from './store.js';

export const RETRY_AFTER_SECONDS = 600;

/** The back-office stays reachable: its access rule sends non-admins to /admin/login. */
const reachable = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function maintenancePage(shop: ShopIdentity): string {
  const contact = [shop.phone, shop.email].filter(Boolean).map(escapeHtml).join(' · ');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Maintenance en cours - ${escapeHtml(shop.name)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6f4;color:#1f2a24;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;padding:24px;box-sizing:border-box}
main{max-width:520px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:32px;text-align:center}
h1{font-size:1.5rem;margin:12px 0}p{line-height:1.6;color:#4a5a50;margin:8px 0}.brand{font-weight:700;color:#1f5132}
.icon{width:56px;height:56px;margin:0 auto;border-radius:50%;background:#e6efe9;display:grid;place-items:center;font-size:28px}
</style></head>
<body><main>
<div class="icon" aria-hidden="true"><svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="#1f5132" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z"/></svg></div>
<p class="brand">${escapeHtml(shop.name)}</p>
<h1>Site en maintenance</h1>
<p>Nous effectuons actuellement une opération de maintenance. Le site sera de nouveau accessible très bientôt.</p>
<p>Merci de votre patience.</p>
${contact ? `<p>Une urgence ? Contactez-nous : ${contact}</p>` : ''}
</main></body></html>`;
}

/** Answers the maintenance page when the shop is in maintenance and the visitor is not an admin. */
export async function refuseDuringMaintenance(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if (reachable(pathname)) return false;
  const { settings } = await cachedSettings(services.sql, services.config);
  if (!settings.maintenanceMode) return false;
  const user = await sessionUser(services, req.headers).catch(() => null);
  if (user?.role === 'admin') return false;
  res.statusCode = 503;
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  const { shopName: name, shopEmail: email, shopPhone: phone, shopAddress: address } = settings;
  res.end(req.method === 'HEAD' ? undefined : maintenancePage({ name, email, phone, address }));
  return true;
}
