/**
 * The small part of Markdown the help articles are written in, read into a tree: headings (`##`
 * to `####`), paragraphs, flat bulleted and numbered lists, block quotes, rules, and inline
 * **strong**, *emphasis*, `code` and [links](target). Raw HTML and images are dropped, as the
 * page never shows them. A full CommonMark parser (react-markdown) cost the help page 47 kB
 * gzipped; help.test.ts checks that every article reads the same with both.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'h2' | 'h3' | 'h4'; children: Inline[] }
  | { kind: 'p'; children: Inline[] }
  | { kind: 'ul' | 'ol'; start: number; items: Inline[][] }
  | { kind: 'blockquote'; children: Block[] }
  | { kind: 'hr' };

const HEADING = /^ {0,3}(#{2,4})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^ {0,3}([-*+])[ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})([.)])[ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const HTML_BLOCK = /^ {0,3}<[/!?a-zA-Z]/;

/** Reads an article's Markdown (front matter already removed) into blocks. */
export function parseArticle(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  // Typed by a cast: closures below reset it, which narrowing from `= null` would not see.
  let list = null as {
    kind: 'ul' | 'ol';
    /** The bullet or the number's delimiter: another one starts another list. */
    marker: string;
    start: number;
    items: string[][];
  } | null;

  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'p', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) {
      const { kind, start, items } = list;
      blocks.push({ kind, start, items: items.map((item) => parseInline(item.join('\n'))) });
    }
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (heading || RULE.test(line) || QUOTE.test(line) || HTML_BLOCK.test(line)) {
      endParagraph();
      endList();
    }
    if (heading) {
      const depth = (heading[1] as string).length as 2 | 3 | 4;
      blocks.push({ kind: `h${depth}`, children: parseInline(heading[2] as string) });
    } else if (RULE.test(line)) {
      blocks.push({ kind: 'hr' });
    } else if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] as string)) {
        quoted.push((QUOTE.exec(lines[i] as string) as RegExpExecArray)[1] as string);
        i++;
      }
      i--;
      blocks.push({ kind: 'blockquote', children: parseArticle(quoted.join('\n')) });
    } else if (HTML_BLOCK.test(line)) {
      // Raw HTML up to the next blank line: not shown.
      while (i + 1 < lines.length && (lines[i + 1] as string).trim() !== '') i++;
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const marker = (bullet ? bullet[1] : numbered?.[2]) as string;
      if (list?.kind !== kind || list.marker !== marker) {
        endParagraph();
        endList();
        list = { kind, marker, start: numbered ? Number(numbered[1]) : 1, items: [] };
      }
      list.items.push([((bullet ?? numbered) as RegExpExecArray).at(-1) as string]);
    } else if (list) {
      // A line following an item belongs to it.
      list.items.at(-1)?.push(line.trim());
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  endList();
  return blocks;
}

// Code span, image, link, strong, emphasis, inline HTML tag: the first found is taken, in order.
const INLINE =
  /`([^`\n]+)`|!\[[^\]]*\]\([^)]*\)|\[([^\]]+)\]\(\s*([^)\s]*)\s*\)|\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__|\*(?=\S)(.+?)(?<=\S)\*|(?<![\w])_(?=\S)(.+?)(?<=\S)_(?![\w])|<\/?[a-zA-Z][^>\n]*>/s;

/** Reads a paragraph's, heading's or item's text into inline nodes. */
export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let rest = text;
  for (;;) {
    const match = INLINE.exec(rest);
    if (!match) break;
    if (match.index > 0) pushText(nodes, rest.slice(0, match.index));
    const [whole, code, linkText, href, strong, strong2, em, em2] = match;
    if (code !== undefined) nodes.push({ kind: 'code', text: code.trim() });
    else if (linkText !== undefined)
      nodes.push({ kind: 'link', href: href ?? '', children: parseInline(linkText) });
    else if (strong !== undefined || strong2 !== undefined)
      nodes.push({ kind: 'strong', children: parseInline((strong ?? strong2) as string) });
    else if (em !== undefined || em2 !== undefined)
      nodes.push({ kind: 'em', children: parseInline((em ?? em2) as string) });
    // An image or a raw HTML tag leaves nothing.
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) pushText(nodes, rest);
  return nodes;
}

function pushText(nodes: Inline[], text: string) {
  const last = nodes.at(-1);
  if (last?.kind === 'text') last.text += text;
  else nodes.push({ kind: 'text', text });
}

/** The text of inline nodes, as read aloud: for heading ids. */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((n) => (n.kind === 'text' || n.kind === 'code' ? n.text : inlineText(n.children)))
    .join('');
}
