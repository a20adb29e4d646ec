/** A value Stripe's v1 API takes in a form body: nested objects and arrays become bracket keys. */
export type StripeParam =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly StripeParam[]
  | { readonly [key: string]: StripeParam };

const encode = (text: string) => encodeURIComponent(text);

function pairs(key: string, value: StripeParam): string[] {
  if (value === undefined) return [];
  // stripe-node sends null as an empty string (it unsets the field).
  if (value === null) return [`${key}=`];
  if (Array.isArray(value)) return value.flatMap((item, i) => pairs(`${key}[${i}]`, item));
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => pairs(`${key}[${encode(name)}]`, item));
  }
  return [`${key}=${encode(String(value))}`];
}

/**
 * The `application/x-www-form-urlencoded` body of `params` as stripe-node writes it
 * (integrations-reference §4.1): `metadata[organization_id]=…`, arrays indexed `items[0]=…`,
 * brackets left unencoded.
 */
export function stripeForm(params: Record<string, StripeParam>): string {
  return Object.entries(params)
    .flatMap(([name, value]) => pairs(encode(name), value))
    .join('&');
}
