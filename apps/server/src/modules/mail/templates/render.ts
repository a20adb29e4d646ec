// One message written once as blocks, rendered to both parts: the plain text, and the HTML in
// the product's look. Every value is escaped here, so templates never build HTML themselves.

export type Link = { label: string; url: string };

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: { text: string; link?: Link }[] }
  | { type: 'button'; link: Link };

export type Mail = {
  subject: string;
  /** The opening line, also the HTML part's heading. */
  title: string;
  blocks: Block[];
  /** Why the recipient gets this, with the unsubscribe link where there is one. */
  footer: { text: string; link?: Link };
};

export type RenderedMail = { subject: string; text: string; html: string };

const BRAND = '#228be6';
const INK = '#212529';
const MUTED = '#868e96';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const anchor = (link: Link, style = `color:${BRAND}`) =>
  `<a href="${escapeHtml(link.url)}" style="${style}">${escapeHtml(link.label)}</a>`;

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`;
    case 'list':
      return block.items
        .map((item) => `- ${item.text}${item.link ? `\n  ${item.link.url}` : ''}`)
        .join('\n');
    case 'button':
      return `${block.link.label}: ${block.link.url}`;
  }
}

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(block.text)}</h2>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
        .map(
          (item) =>
            `<li style="margin:0 0 6px">${item.link ? anchor({ ...item.link, label: item.text }) : escapeHtml(item.text)}</li>`,
        )
        .join('')}</ul>`;
    case 'button':
      return `<p style="margin:24px 0">${anchor(
        block.link,
        `background:${BRAND};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block`,
      )}</p>`;
  }
}

export function renderMail(mail: Mail): RenderedMail {
  const footerText = mail.footer.link
    ? `${mail.footer.text}\n${mail.footer.link.label}: ${mail.footer.link.url}`
    : mail.footer.text;
  const text = [mail.title, ...mail.blocks.map(blockText), '--', footerText].join('\n\n');
  const footerHtml = `${escapeHtml(mail.footer.text)}${mail.footer.link ? ` ${anchor(mail.footer.link, `color:${MUTED}`)}` : ''}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;font-family:${FONT};color:${INK};font-size:15px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:4px solid ${BRAND}">
<tr><td style="padding:24px 28px 8px;font-weight:700;font-size:18px;color:${BRAND}">Castellan</td></tr>
<tr><td style="padding:8px 28px 24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(mail.title)}</h1>
${mail.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e9ecef;font-size:12px;color:${MUTED}">${footerHtml}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: mail.subject, text, html };
}
