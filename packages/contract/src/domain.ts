/**
 * The one parser of a domain a person types, used by the server (the public scan, the
 * organisation's scan, the scanner) and by the web's domain form. Zod-free, so the web imports
 * it as `@castellan/contract/domain` without pulling zod into the page.
 */

/**
 * Top-level names that never reach the public internet (RFC 6761, RFC 6762, RFC 7686, RFC 9476,
 * and names common on private networks). A public scan refuses them.
 */
export const RESERVED_TLDS = [
  'alt',
  'arpa',
  'corp',
  'example',
  'home',
  'internal',
  'intranet',
  'invalid',
  'lan',
  'local',
  'localdomain',
  'localhost',
  'onion',
  'private',
  'test',
] as const;

export type DomainParseResult = { ok: true; domain: string } | { ok: false; error: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const USER = /^[^@/?#]*@/;
const PORT = /^([^:]*):\d*$/;
const LOOKS_LIKE_IP = /^(?:\[.*\]|[0-9.]+|.*:.*:.*)$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Turns what a person typed into the lower-case ASCII (punycode) host name of a public domain:
 * `https://Example.COM/`, `example.com.` and `bücher.de` (→ `xn--bcher-kva.de`) are accepted; IP
 * addresses, single labels and reserved names (`.local`, `.example`, `.test`, …) are refused with
 * a message saying why. Options:
 * - `pasted` (the web's domain form): what people paste is reduced to its host name, a URL
 *   (`https://www.example.com:8443/about` → `www.example.com`) or an e-mail address
 *   (`alice@example.co.uk` → `example.co.uk`). Without it (the API, the scanner) a port, path or
 *   user name is refused, so a caller learns what to send.
 * - `allowReserved` (servers in tests, and the web form, which leaves that refusal to the server)
 *   accepts the reserved names.
 * Relies on `URL` for IDNA only, so it runs in the browser too.
 */
export function parsePublicDomain(
  input: string,
  options: { allowReserved?: boolean; pasted?: boolean } = {},
): DomainParseResult {
  const typed = input.trim();
  if (typed === '') return { ok: false, error: 'Enter a domain, for example example.com.' };
  const invalid: DomainParseResult = {
    ok: false,
    error: `"${typed}" is not a domain name, for example example.com.`,
  };

  const address = typed.replace(SCHEME, '').replace(/\/$/, '').replace(/\.$/, '');
  const host = address.replace(USER, '').split(/[/?#]/)[0]?.replace(PORT, '$1').replace(/\.$/, '');
  if (!host) return invalid;
  if (LOOKS_LIKE_IP.test(host)) {
    return { ok: false, error: 'Enter a domain name, not an IP address.' };
  }
  if (!options.pasted && host !== address) {
    return { ok: false, error: 'Enter only the domain name, without a port, path or user name.' };
  }
  if (/[:@\\\s]/.test(host)) return invalid;

  let ascii: string;
  try {
    ascii = new URL(`http://${host}/`).hostname.replace(/\.$/, '');
  } catch {
    return invalid;
  }
  if (ascii.length > 253) return { ok: false, error: 'This domain name is too long.' };
  const labels = ascii.split('.');
  if (labels.length < 2) {
    return { ok: false, error: 'Enter a full domain name with a dot, such as example.com.' };
  }
  const tld = labels[labels.length - 1] ?? '';
  if (!labels.every((label) => LABEL.test(label)) || !TLD.test(tld)) return invalid;
  if (!options.allowReserved && (RESERVED_TLDS as readonly string[]).includes(tld)) {
    return { ok: false, error: `Names under .${tld} are not public and cannot be scanned.` };
  }
  return { ok: true, domain: ascii };
}
