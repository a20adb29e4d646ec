import { consumerDomainMessage, DISALLOWED_DOMAIN_ON_SAVE } from './allow-list-value';
import { parsePublicDomain, RESERVED_TLDS } from './domain';
import { isConsumerEmailDomain } from './vocabulary';

/*
 * The checks of an organisation's trusted domains, without zod, so that the Settings page runs
 * the very checks the API applies.
 */

/** Most trusted domains an organisation keeps: a handful is usual. */
export const TRUSTED_DOMAINS_LIMIT = 50;

export type TrustedDomainResult = { ok: true; domain: string } | { ok: false; error: string };

export type TrustedDomainContext = {
  /** The organisation's own domain, which (with its subdomains) is always internal. */
  organizationDomain: string;
  /** Accept reserved names (`.example`, `.test`, ...): demo organisations live under them. */
  allowReserved: boolean;
};

const isUnder = (domain: string, parent: string) =>
  domain === parent || domain.endsWith(`.${parent}`);

/** Checks one entry as an administrator adds it; the answer is its lower-case punycode form. */
export function parseTrustedDomain(
  value: string,
  context: TrustedDomainContext,
): TrustedDomainResult {
  const parsed = parsePublicDomain(value, { allowReserved: true });
  if (!parsed.ok) return parsed;
  const { domain } = parsed;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (!context.allowReserved && (RESERVED_TLDS as readonly string[]).includes(tld)) {
    return {
      ok: false,
      error: `${domain} is not a public host name: names under .${tld} never are.`,
    };
  }
  if (isConsumerEmailDomain(domain)) return { ok: false, error: consumerDomainMessage(domain) };
  if (isUnder(domain, context.organizationDomain)) {
    return {
      ok: false,
      error: `${domain} is your organisation's own domain: it always counts as internal.`,
    };
  }
  return { ok: true, domain };
}

/**
 * Checks a whole list before it is saved: null when it may be saved, else why not. A consumer
 * domain anywhere in it refuses the save with the spec's message; duplicates are not errors.
 */
export function trustedDomainsSaveError(
  list: readonly string[],
  context: TrustedDomainContext,
): string | null {
  if (list.length > TRUSTED_DOMAINS_LIMIT) {
    return `Keep at most ${TRUSTED_DOMAINS_LIMIT} trusted domains.`;
  }
  const isConsumer = (entry: string) => {
    const parsed = parsePublicDomain(entry, { allowReserved: true });
    return parsed.ok && isConsumerEmailDomain(parsed.domain);
  };
  if (list.some(isConsumer)) return DISALLOWED_DOMAIN_ON_SAVE;
  for (const entry of list) {
    const parsed = parseTrustedDomain(entry, context);
    if (!parsed.ok) return parsed.error;
  }
  return null;
}
