/**
 * The one frame of the app's French mails (account mails, order confirmations, the back-office's
 * later ones): a mail is described as blocks, and this module writes both its plain-text body and
 * the same content as simple inline-styled HTML, under the shop's banner.
 */
export const MAIL_BRAND = 'Hygiène - Anti-nuisibles 27';

/** How to reach the shop (settings, Général tab), without the phone when the settings have none. */
export const contactLine = (shop: { email: string; phone: string }) =>
  shop.phone
    ? `Une question ? Appelez-nous au ${shop.phone} ou écrivez-nous à ${shop.email}.`
    : `Une question ? Écrivez-nous à ${shop.email}.`;

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

/** One part of a mail's body, in reading order. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A call-to-action button; the text part shows the link. */
  | { kind: 'action'; label: string; url: string }
  /** Lines with an amount (an order's items), and an optional bold total. */
  | {
      kind: 'table';
      title: string;
      rows: { label: string; value: string; detail?: string }[];
      total?: { label: string; value: string };
    }
  | { kind: 'steps'; title: string; items: string[] }
  /** Small grey print (help, "ignore this mail if..."). */
  | { kind: 'note'; text: string }
  /** A bordered block that must be seen (a legal deadline, L215-1 « encadré apparent »), framed in both parts. */
  | { kind: 'box'; title: string; lines: string[] };

export interface MailMessage {
  subject: string;
  /** The opening line; null where the body carries its own (the owner's answer, as typed). */
  greeting: string | null;
  blocks: MailBlock[];
  /** The shop's name from its settings (Général tab), in the banner and the signature. */
  shopName?: string;
}

const muted = 'font-size:13px;color:#5b6b61';
const cell = 'padding:6px 0;border-bottom:1px solid #e5ebe7';

function blockText(block: MailBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return [block.text];
    case 'action':
      return [`${block.label} : ${block.url}`];
    case 'table':
      return [
        `${block.title} :`,
        ...block.rows.map((r) => `- ${r.label} : ${r.value}${r.detail ? ` (${r.detail})` : ''}`),
        ...(block.total ? [`${block.total.label} : ${block.total.value}`] : []),
      ];
    case 'steps':
      return [`${block.title} :`, ...block.items.map((s, n) => `${n + 1}. ${s}`)];
    case 'box': {
      const rows = [block.title, ...block.lines];
      const width = Math.max(...rows.map((r) => r.length));
      const rule = `+${'-'.repeat(width + 2)}+`;
      return [rule, ...rows.map((r) => `| ${r.padEnd(width)} |`), rule];
    }
  }
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="${muted}">${escapeHtml(block.text)}</p>`;
    case 'action':
      return `<p style="text-align:center;margin:28px 0"><a href="${escapeHtml(block.url)}" style="background:#1f5132;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(block.label)}</a></p>
<p style="${muted}">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(block.url)}</p>`;
    case 'table':
      return `<p style="font-weight:bold;margin-bottom:4px">${escapeHtml(block.title)} :</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">
${block.rows
  .map(
    (r) =>
      `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td align="right" style="${cell}">${escapeHtml(r.value)}</td></tr>`,
  )
  .join('\n')}
${block.total ? `<tr><td style="padding:8px 0;font-weight:bold">${escapeHtml(block.total.label)}</td><td align="right" style="padding:8px 0;font-weight:bold">${escapeHtml(block.total.value)}</td></tr>` : ''}
</table>`;
    case 'steps':
      return `<p style="font-weight:bold;margin-bottom:4px">${escapeHtml(block.title)} :</p>
<ol style="margin-top:0;padding-left:20px">${block.items.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`;
    case 'box':
      return `<div style="border:3px solid #1f5132;border-radius:6px;padding:14px 18px;margin:20px 0;background:#f4f6f4">
<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(block.title)}</p>
${block.lines.map((l) => `<p style="margin:0;font-size:18px;font-weight:bold">${escapeHtml(l)}</p>`).join('\n')}
</div>`;
  }
}

/** Every mail's text and HTML, in the shop's frame. */
export function renderMail(message: MailMessage): MailContent {
  const { subject, greeting, blocks, shopName = MAIL_BRAND } = message;
  const text = [
    ...(greeting ? [greeting, ''] : []),
    ...blocks.flatMap((b) => [...blockText(b), '']),
    shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><body style="margin:0;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1f5132;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(shopName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${greeting ? `<p>${escapeHtml(greeting)}</p>` : ''}
${blocks.map(blockHtml).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
