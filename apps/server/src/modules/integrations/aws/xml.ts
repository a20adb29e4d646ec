// A small XML reader for AWS's answers: elements and their text, no attributes kept (AWS puts only
// xmlns there), comments, processing instructions and CDATA handled. Throws XmlError on anything
// that is not well-formed, so a truncated answer is never read as an empty one.

export type XmlElement = { name: string; children: XmlElement[]; text: string };

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    const named = ENTITIES[ref];
    if (named === undefined) throw new XmlError(`unknown entity ${whole}`);
    return named;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

/** The document's root element. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt === -1 ? source.length : lt);
    const open = stack[stack.length - 1];
    if (open) open.text += decode(text);
    else if (text.trim()) throw new XmlError('text outside the root element');
    if (lt === -1) break;
    if (source.startsWith('<?', lt) || source.startsWith('<!--', lt)) {
      const end = source.indexOf(source.startsWith('<?', lt) ? '?>' : '-->', lt);
      if (end === -1) throw new XmlError('unclosed declaration or comment');
      i = end + (source.startsWith('<?', lt) ? 2 : 3);
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end === -1 || !open) throw new XmlError('misplaced CDATA');
      open.text += source.slice(lt + 9, end);
      i = end + 3;
      continue;
    }
    const gt = source.indexOf('>', lt);
    if (gt === -1) throw new XmlError('unclosed tag');
    const tag = source.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const closing = tag.slice(1).trim().replace(/^.*:/, '');
      const element = stack.pop();
      if (!element || element.name !== closing) throw new XmlError(`unexpected </${closing}>`);
      if (stack.length === 0) root = element;
      continue;
    }
    const name = NAME.exec(tag)?.[0];
    if (!name || (stack.length === 0 && root)) throw new XmlError(`unexpected <${tag}>`);
    const element: XmlElement = { name: name.replace(/^.*:/, ''), children: [], text: '' };
    if (open) open.children.push(element);
    if (tag.endsWith('/')) {
      if (stack.length === 0) root = element;
    } else {
      stack.push(element);
    }
  }
  if (stack.length > 0 || !root) throw new XmlError('the document ends before its root closes');
  return root;
}

/** The first child named `name`. */
export const child = (el: XmlElement | undefined, name: string) =>
  el?.children.find((c) => c.name === name);

/** The child at the end of `path`'s names, each under the one before. */
export const at = (el: XmlElement | undefined, ...path: string[]) =>
  path.reduce<XmlElement | undefined>((node, name) => child(node, name), el);

/** The trimmed text of the child at the end of `path`, or null when it is missing. */
export const textAt = (el: XmlElement | undefined, ...path: string[]) => {
  const node = at(el, ...path);
  return node ? node.text.trim() : null;
};

/** The `member` items of a list element (AWS Query lists). */
export const members = (list: XmlElement | undefined) =>
  list?.children.filter((c) => c.name === 'member') ?? [];
