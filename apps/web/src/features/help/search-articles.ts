import type { HelpArticle } from './front-matter';

/** Search over the help articles: every word of the query must appear somewhere in an article. */

/** Lower case without accents, so that "securite" finds "sécurité" and "DMARC" finds "dmarc". */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a query, folded; empty for a blank one. */
export const queryWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean);

/** What a reader sees of Markdown: link texts instead of links, no marks, one line. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export type HelpSearchResult = {
  article: HelpArticle;
  /** A stretch of the body around the first query word it holds; null when the body has none. */
  snippet: string | null;
};

type Indexed = { article: HelpArticle; folded: string; bodyText: string };

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

/**
 * Where, in `text`, the character at `foldedIndex` of `foldText(text)` came from. Folding can
 * change the length (an accent is dropped), so the positions are counted character by character.
 */
function originalIndex(text: string, foldedIndex: number): number {
  let folded = 0;
  let i = 0;
  for (const char of text) {
    if (folded >= foldedIndex) return i;
    folded += foldText(char).length;
    i += char.length;
  }
  return text.length;
}

function snippetOf(bodyText: string, words: string[]): string | null {
  const folded = foldText(bodyText);
  const at = words.map((word) => folded.indexOf(word)).find((index) => index !== -1);
  if (at === undefined) return null;
  const start = Math.max(0, originalIndex(bodyText, at) - SNIPPET_BEFORE);
  // Start and end on word boundaries where there is text cut off.
  const from = start === 0 ? 0 : bodyText.indexOf(' ', start) + 1;
  let to = Math.min(bodyText.length, from + SNIPPET_LENGTH);
  if (to < bodyText.length) to = bodyText.lastIndexOf(' ', to);
  return `${from > 0 ? '…' : ''}${bodyText.slice(from, to)}${to < bodyText.length ? '…' : ''}`;
}

/** Prepares the articles once; `search` then filters them. */
export function createHelpSearch(articles: readonly HelpArticle[]) {
  const index: Indexed[] = articles.map((article) => {
    const bodyText = markdownToText(article.body);
    const text = [article.title, article.summary, article.keywords.join(' '), bodyText].join('\n');
    return { article, folded: foldText(text), bodyText };
  });

  return function search(query: string): HelpSearchResult[] {
    const words = queryWords(query);
    if (words.length === 0) return index.map(({ article }) => ({ article, snippet: null }));
    return index
      .filter(({ folded }) => words.every((word) => folded.includes(word)))
      .map(({ article, bodyText }) => ({ article, snippet: snippetOf(bodyText, words) }));
  };
}
