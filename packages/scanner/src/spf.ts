// An SPF linter (RFC 7208): parses a record and walks its include/redirect tree, counting the
// terms that cost a DNS lookup (limit 10, §4.6.4) and the look-ups that found nothing (limit 2).
// Macros are not expanded: a term with a macro counts but is not followed.
import { isIP } from 'node:net';
import type { DnsResult, ScanDns, TxtRecord } from './dns-client';

export type SpfQualifier = '+' | '-' | '~' | '?';

export type SpfAnalysis = {
  record: string;
  /** DNS-querying terms in the whole tree (include, a, mx, ptr, exists, redirect). */
  lookups: number;
  voidLookups: number;
  /** The `all` of the record as applied (through `redirect=` when the record has no `all`). */
  all: SpfQualifier | null;
  usesPtr: boolean;
  errors: string[];
  warnings: string[];
};

const SPF_START = /^v=spf1(?:\s|$)/i;
const LOOKUP_TERMS = new Set(['include', 'a', 'mx', 'ptr', 'exists']);
/** Stop walking a tree this big: it failed long before. */
const MAX_TERMS_FOLLOWED = 40;

export const isSpfRecord = (text: string): boolean => SPF_START.test(text.trim());

export function spfRecords(answer: DnsResult<TxtRecord>): TxtRecord[] {
  return answer.kind === 'records' ? answer.records.filter((r) => isSpfRecord(r.text)) : [];
}

type Term =
  | { kind: 'mechanism'; qualifier: SpfQualifier; name: string; value: string | null }
  | { kind: 'modifier'; name: string; value: string };

const DOMAIN_SPEC = /^(?:[\x21-\x7e]+)$/;
const hasMacro = (value: string) => value.includes('%');
const CIDR4 = /^\/(\d{1,2})$/;
const CIDR_DUAL = /^(?:\/(\d{1,2}))?(?:\/\/(\d{1,3}))?$/;

function parseTerm(text: string, errors: string[]): Term | null {
  const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(text);
  if (modifier) {
    return { kind: 'modifier', name: (modifier[1] ?? '').toLowerCase(), value: modifier[2] ?? '' };
  }
  const m =
    /^([+\-~?]?)([a-z][a-z0-9_.-]*)(?::(.*))?$/i.exec(text) ??
    /^([+\-~?]?)(a|mx)(\/.*)$/i.exec(text);
  if (!m) {
    errors.push(`"${text}" is not a valid SPF term`);
    return null;
  }
  const qualifier = (m[1] || '+') as SpfQualifier;
  const name = (m[2] ?? '').toLowerCase();
  const value = m[3] ?? null;
  const bad = (why: string) => {
    errors.push(`"${text}": ${why}`);
    return null;
  };
  switch (name) {
    case 'all':
      return value === null
        ? { kind: 'mechanism', qualifier, name, value }
        : bad('all takes no value');
    case 'include':
    case 'exists':
      if (!value || !DOMAIN_SPEC.test(value)) return bad(`${name} needs a domain`);
      return { kind: 'mechanism', qualifier, name, value };
    case 'a':
    case 'mx':
    case 'ptr': {
      if (value === null) return { kind: 'mechanism', qualifier, name, value };
      const [domain = '', ...rest] = value.startsWith('/') ? ['', value] : value.split(/(?=\/)/);
      const cidr = rest.join('');
      if (domain !== '' && !DOMAIN_SPEC.test(domain)) return bad('invalid domain');
      if (name === 'ptr' && cidr) return bad('ptr takes no prefix length');
      const c = CIDR_DUAL.exec(cidr);
      if (!c || Number(c[1] ?? 0) > 32 || Number(c[2] ?? 0) > 128)
        return bad('invalid prefix length');
      return { kind: 'mechanism', qualifier, name, value: domain || null };
    }
    case 'ip4': {
      const [address = '', prefix] = (value ?? '').split('/');
      if (isIP(address) !== 4) return bad('ip4 needs an IPv4 address');
      if (prefix !== undefined && (!CIDR4.test(`/${prefix}`) || Number(prefix) > 32)) {
        return bad('invalid prefix length');
      }
      return { kind: 'mechanism', qualifier, name, value };
    }
    case 'ip6': {
      const slash = (value ?? '').lastIndexOf('/');
      const address = slash === -1 ? (value ?? '') : (value ?? '').slice(0, slash);
      const prefix = slash === -1 ? null : (value ?? '').slice(slash + 1);
      if (isIP(address) !== 6) return bad('ip6 needs an IPv6 address');
      if (prefix !== null && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > 128)) {
        return bad('invalid prefix length');
      }
      return { kind: 'mechanism', qualifier, name, value };
    }
    default:
      return bad(`unknown mechanism "${name}"`);
  }
}

type WalkState = {
  dns: ScanDns;
  lookups: number;
  voidLookups: number;
  followed: number;
  usesPtr: boolean;
  errors: string[];
  warnings: string[];
};

const isVoid = (answer: DnsResult<unknown>) =>
  answer.kind === 'nodata' || answer.kind === 'nxdomain';

/** Walks one record; returns its applied `all` qualifier. `path` holds the domains above it. */
async function walk(
  state: WalkState,
  domain: string,
  record: string,
  path: string[],
): Promise<SpfQualifier | null> {
  const terms = record.trim().split(/\s+/).slice(1);
  const parsed = terms.map((t) => parseTerm(t, state.errors)).filter((t): t is Term => t !== null);
  const alls = parsed.filter((t) => t.kind === 'mechanism' && t.name === 'all');
  const redirects = parsed.filter((t) => t.kind === 'modifier' && t.name === 'redirect');
  if (alls.length > 1) state.errors.push(`${domain}: "all" appears ${alls.length} times`);
  if (redirects.length > 1) state.errors.push(`${domain}: "redirect" appears more than once`);
  if (alls.length > 0 && redirects.length > 0) {
    state.warnings.push(`${domain}: "redirect" is ignored because the record has "all"`);
  }
  if (record.length > 450) {
    state.warnings.push(`${domain}: the record is ${record.length} bytes long`);
  }

  const follow = async (
    target: string,
    kind: 'include' | 'redirect',
  ): Promise<SpfQualifier | null> => {
    if (hasMacro(target)) return null;
    if (path.includes(target)) {
      state.errors.push(`${domain}: ${kind} of ${target} loops back`);
      return null;
    }
    if (state.followed >= MAX_TERMS_FOLLOWED) return null;
    state.followed += 1;
    const answer = await state.dns.txt(target);
    if (answer.kind === 'error') {
      state.errors.push(`${kind} ${target}: ${answer.message}`);
      return null;
    }
    if (isVoid(answer)) state.voidLookups += 1;
    const records = spfRecords(answer);
    if (records.length !== 1) {
      state.errors.push(
        records.length === 0
          ? `${kind} ${target}: that domain has no SPF record`
          : `${kind} ${target}: that domain has ${records.length} SPF records`,
      );
      return null;
    }
    return walk(state, target, records[0]?.text ?? '', [...path, target]);
  };

  const work: Promise<unknown>[] = [];
  for (const term of parsed) {
    if (term.kind === 'modifier') continue;
    if (!LOOKUP_TERMS.has(term.name)) continue;
    state.lookups += 1;
    const target = term.value ?? domain;
    if (term.name === 'ptr') {
      state.usesPtr = true;
    } else if (term.name === 'include') {
      work.push(follow(target, 'include'));
    } else if (!hasMacro(target) && state.followed < MAX_TERMS_FOLLOWED) {
      state.followed += 1;
      work.push(
        (term.name === 'mx' ? state.dns.mx(target) : state.dns.a(target)).then((answer) => {
          if (isVoid(answer)) state.voidLookups += 1;
          if (term.name === 'mx' && answer.kind === 'records' && answer.records.length > 10) {
            state.errors.push(`mx:${target} has ${answer.records.length} MX hosts (10 at most)`);
          }
        }),
      );
    }
  }
  let all: SpfQualifier | null = alls[0]?.kind === 'mechanism' ? alls[0].qualifier : null;
  const redirect = redirects[0];
  if (redirect?.kind === 'modifier' && all === null) {
    state.lookups += 1;
    work.unshift(
      follow(redirect.value, 'redirect').then((applied) => {
        all = applied ?? null;
      }),
    );
  }
  await Promise.all(work);
  return all;
}

export async function analyseSpf(dns: ScanDns, domain: string, record: string) {
  const state: WalkState = {
    dns,
    lookups: 0,
    voidLookups: 0,
    followed: 0,
    usesPtr: false,
    errors: [],
    warnings: [],
  };
  const all = await walk(state, domain, record, [domain]);
  const analysis: SpfAnalysis = {
    record,
    lookups: state.lookups,
    voidLookups: state.voidLookups,
    all,
    usesPtr: state.usesPtr,
    errors: state.errors,
    warnings: state.warnings,
  };
  return analysis;
}
