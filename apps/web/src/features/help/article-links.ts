/**
 * Which link targets an article may have: web pages (http, https), e-mail (mailto), pages of the
 * app (`/tasks`, `/help?article=…`) and places in the article (`#section`). Anything else
 * (`javascript:`, `data:`, `//other.host`, relative paths) comes back as null and is shown as
 * plain text.
 */
export function safeArticleHref(href: string): string | null {
  const url = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(url)) return url;
  if (/^\/(?![/\\])/.test(url) || /^#[\w-]+$/.test(url)) return url;
  return null;
}

/** Whether a safe link stays in the app (the router follows it) rather than leaving it. */
export const isInAppHref = (href: string) => href.startsWith('/');

/** The id of a heading, from its text: "How the score is computed" → "how-the-score-is-computed". */
export const headingId = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
