export type DomainInputResult = { ok: true; domain: string } | { ok: false; error: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Accepts what people paste (a URL, an e-mail address, upper case) and keeps the host name. */
export function normalizeDomainInput(raw: string): DomainInputResult {
  let value = raw.trim().toLowerCase();
  if (!value) return { ok: false, error: 'Enter a domain, for example example.com.' };
  value = value.replace(/^[a-z]+:\/\//, '').replace(/^[^@/]*@/, '');
  value = value.split(/[/?#:]/)[0] ?? '';
  value = value.replace(/\.$/, '');
  const labels = value.split('.');
  if (
    value.length > 253 ||
    labels.length < 2 ||
    !labels.every((l) => LABEL.test(l)) ||
    /^\d+$/.test(labels.at(-1) ?? '')
  ) {
    return { ok: false, error: `"${raw.trim()}" is not a domain name, for example example.com.` };
  }
  return { ok: true, domain: value };
}
