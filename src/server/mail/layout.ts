/** Shared frame of the app's French mails: a plain-text body and the same content as simple HTML. */
const brand = 'Hygiène - Anti-nuisibles 27';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A mail made of paragraphs and one call-to-action link. */
export function actionMail(options: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string[];
  /** The shop's name from its settings (Général tab); the business's own name when not given. */
  shopName?: string;
}): MailContent {
  const { subject, greeting, paragraphs, action, footer, shopName = brand } = options;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action.label} : ${action.url}`,
    '',
    ...footer,
    '',
    shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><body style="margin:0;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1f5132;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(shopName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#1f5132;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6b61">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(action.url)}</p>
${footer.map((p) => `<p style="font-size:13px;color:#5b6b61">${escapeHtml(p)}</p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
