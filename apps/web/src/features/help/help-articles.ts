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

/** Values the articles name with `{{name}}`, filled in when they are shown. */
export type ArticleValues = { supportEmail: string };

export const fillPlaceholders = (markdown: string, values: ArticleValues) =>
  markdown.replace(/\{\{\s*(\w+)\s*\}\}/g, (token, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof ArticleValues] : token,
  );
