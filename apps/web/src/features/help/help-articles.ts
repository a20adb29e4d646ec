import { byListOrder, type HelpArticle, parseHelpArticle } from './front-matter';

/** The help articles: every `articles/<slug>.md`, bundled with the page as text. */
const FILES = import.meta.glob<string>('./articles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const slugOf = (file: string) => file.replace(/^.*\//, '').replace(/\.md$/, '');

export const HELP_ARTICLES: readonly HelpArticle[] = Object.entries(FILES)
  .map(([file, source]) => parseHelpArticle(slugOf(file), source))
  .sort(byListOrder);

/** Values the articles name with `{{name}}`, filled in when they are shown; null while unknown. */
export type ArticleValues = { supportEmail: string | null };

/** What an unknown value reads as: a phrase, never a broken link. */
const UNKNOWN: Record<keyof ArticleValues, string> = { supportEmail: 'our support team' };

const TOKEN = /\{\{\s*(\w+)\s*\}\}/g;
const isName = (name: string): name is keyof ArticleValues => Object.hasOwn(UNKNOWN, name);

export function fillPlaceholders(markdown: string, values: ArticleValues): string {
  const shown = (name: keyof ArticleValues) => values[name] ?? UNKNOWN[name];
  return (
    markdown
      // A link to an unknown value (mailto:{{supportEmail}}) keeps only its text.
      .replace(/\[([^\]]*)\]\(([^)]*)\)/g, (link, text: string, target: string) =>
        [...target.matchAll(TOKEN)].some(([, name]) => name && isName(name) && !values[name])
          ? text
          : link,
      )
      .replace(TOKEN, (token, name: string) => (isName(name) ? shown(name) : token))
  );
}
