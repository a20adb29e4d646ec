/**
 * The front matter of a help article: a block of `key: value` lines between two `---` lines at
 * the very top of the file. Only the keys below are known; anything else is an error, so that a
 * typo in a content file fails its unit test instead of vanishing.
 */

export type HelpArticle = {
  /** The file name without `.md`: the article's address, `/help?article=<slug>`. */
  slug: string;
  title: string;
  /** One line, shown under the title in the list of articles. */
  summary: string;
  /** Extra words search should find the article by. */
  keywords: string[];
  /** Place in the list; articles without one come last, by title. */
  order: number;
  /** A button the article offers below its text: Restart Tour, or the cookie preferences. */
  action: HelpArticleAction | null;
  /** The Markdown after the front matter. */
  body: string;
};

export const HELP_ARTICLE_ACTIONS = ['restart-tour', 'cookie-preferences'] as const;
export type HelpArticleAction = (typeof HELP_ARTICLE_ACTIONS)[number];

const KEYS = ['title', 'summary', 'keywords', 'order', 'action'] as const;
type Key = (typeof KEYS)[number];

const isKey = (key: string): key is Key => (KEYS as readonly string[]).includes(key);
const isAction = (value: string): value is HelpArticleAction =>
  (HELP_ARTICLE_ACTIONS as readonly string[]).includes(value);

/** Reads one article file; throws with the file's slug and what is wrong. */
export function parseHelpArticle(slug: string, source: string): HelpArticle {
  const fail = (why: string): never => {
    throw new Error(`Help article "${slug}": ${why}`);
  };
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') fail('it must start with a "---" line');
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end === -1) fail('its front matter has no closing "---" line');

  const fields: Partial<Record<Key, string>> = {};
  for (const line of lines.slice(1, end)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon === -1) fail(`"${line.trim()}" is not a "key: value" line`);
    const key = line.slice(0, colon).trim();
    if (!isKey(key)) fail(`unknown front matter key "${key}"`);
    else if (fields[key] !== undefined) fail(`"${key}" is given twice`);
    else fields[key] = line.slice(colon + 1).trim();
  }

  const title = fields.title || fail('it needs a title');
  const summary = fields.summary || fail('it needs a summary');
  const order = fields.order === undefined ? Number.POSITIVE_INFINITY : Number(fields.order);
  if (Number.isNaN(order)) fail(`order "${fields.order}" is not a number`);
  const action = fields.action ?? null;
  if (action !== null && !isAction(action)) fail(`unknown action "${action}"`);

  return {
    slug,
    title,
    summary,
    keywords: (fields.keywords ?? '')
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
    order,
    action: action as HelpArticleAction | null,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}

/** Articles in the order of the list: by `order`, then by title. */
export const byListOrder = (a: HelpArticle, b: HelpArticle) =>
  a.order - b.order || a.title.localeCompare(b.title);
