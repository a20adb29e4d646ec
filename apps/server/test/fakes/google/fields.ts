// Google's partial-response `fields` parameter: `a,b/c,d(e,f(g)),*`. A path `b/c` is the same as
// `b(c)`; `*` selects every field at its level; a field under an array applies to each element.

/** Selected field → its own selection, or null for the whole value. */
export type FieldTree = Map<string, FieldTree | null>;

/** The fields a response may be asked for: nested objects, `true` for a leaf. */
export type FieldSchema = { readonly [key: string]: FieldSchema | true };

export class FieldSelectionError extends Error {}

const NAME = /[A-Za-z0-9_@#$.*-]/;

export function parseFields(text: string): FieldTree {
  const src = text.replace(/\s+/g, '');
  let at = 0;
  const fail = (): never => {
    throw new FieldSelectionError(`Invalid field selection ${src}`);
  };
  const name = () => {
    const start = at;
    while (at < src.length && NAME.test(src.charAt(at))) at += 1;
    if (at === start) fail();
    return src.slice(start, at);
  };
  const list = (): FieldTree => {
    const tree: FieldTree = new Map();
    for (;;) {
      const path = [name()];
      while (src.charAt(at) === '/') {
        at += 1;
        path.push(name());
      }
      let sub: FieldTree | null = null;
      if (src.charAt(at) === '(') {
        at += 1;
        sub = list();
        if (src.charAt(at) !== ')') fail();
        at += 1;
      }
      insert(tree, path, sub);
      if (src.charAt(at) !== ',') return tree;
      at += 1;
    }
  };
  const tree = list();
  if (at !== src.length) fail();
  return tree;
}

function insert(tree: FieldTree, path: string[], sub: FieldTree | null) {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const existing = tree.get(head);
  if (existing === null) return; // already whole
  if (rest.length === 0 && sub === null) {
    tree.set(head, null);
    return;
  }
  const node: FieldTree = existing ?? new Map();
  tree.set(head, node);
  if (rest.length > 0) insert(node, rest, sub);
  else if (sub) for (const [k, v] of sub) insert(node, [k], v);
}

/** Throws FieldSelectionError naming the first field the schema does not have. */
export function checkFields(tree: FieldTree, schema: FieldSchema, prefix = ''): void {
  for (const [key, sub] of tree) {
    if (key === '*') continue;
    const field = schema[key];
    const full = `${prefix}${key}`;
    if (field === undefined) throw new FieldSelectionError(`Invalid field selection ${full}`);
    if (sub === null) continue;
    if (field === true) throw new FieldSelectionError(`Invalid field selection ${full}`);
    checkFields(sub, field, `${full}/`);
  }
}

/** The parts of `value` that `tree` selects. */
export function selectFields(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null) return value;
  if (Array.isArray(value)) return value.map((v) => selectFields(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const all = tree.has('*');
  for (const [key, v] of Object.entries(value)) {
    const sub = tree.get(key);
    if (sub !== undefined) out[key] = selectFields(v, sub);
    else if (all) out[key] = selectFields(v, tree.get('*') ?? null);
  }
  return out;
}
