// Stripe's v1 form bodies: `metadata[organization_id]=…`, `line_items[0][price]=…` (brackets
// encoded or not) read back into nested objects and arrays, as Stripe's API reads them.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Tree = { [key: string]: string | Tree };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Objects whose keys are exactly 0..n-1 become arrays. */
function arrays(node: string | Tree): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((k) => [k, arrays(node[k] ?? '')]));
  const indexed = keys.length > 0 && keys.every((k, i) => k === String(i));
  return indexed ? keys.map((k) => values[k] ?? '') : values;
}

/** The parameters of a form body; null when a key is malformed (e.g. `a[b`). */
export function parseStripeForm(body: string): Record<string, FormValue> | null {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = KEY.exec(key);
    if (!match) return null;
    const path = [
      match[1] ?? '',
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const child: Tree = {};
        node[part] = child;
        node = child;
      }
    }
  }
  return arrays(root) as Record<string, FormValue>;
}
