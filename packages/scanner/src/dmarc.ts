// DMARC record parsing (RFC 7489, with RFC 9989's `t=` test flag) and the organisational domain
// we fall back to. Without the Public Suffix List the organisational domain is approximated by
// the last two labels (three under a two-letter country code's second level such as co.uk).
import type { DnsResult, TxtRecord } from './dns-client';

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

export type DmarcRecord = {
  text: string;
  tags: Map<string, string>;
  policy: DmarcPolicy | null;
  subdomainPolicy: DmarcPolicy | null;
  percent: number;
  testing: boolean;
  /** Aggregate report addresses (mailto: URIs, without the size limit). */
  rua: string[];
  errors: string[];
};

const DMARC_START = /^v\s*=\s*DMARC1\s*(?:;|$)/i;
const POLICIES = new Set(['none', 'quarantine', 'reject']);

export const dmarcRecords = (answer: DnsResult<TxtRecord>): TxtRecord[] =>
  answer.kind === 'records' ? answer.records.filter((r) => DMARC_START.test(r.text.trim())) : [];

export function parseDmarc(text: string): DmarcRecord {
  const tags = new Map<string, string>();
  const errors: string[] = [];
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq === -1) {
      errors.push(`"${trimmed}" is not a tag=value pair`);
      continue;
    }
    const key = trimmed.slice(0, eq).trim().toLowerCase();
    if (tags.has(key)) errors.push(`the ${key} tag appears twice`);
    tags.set(key, trimmed.slice(eq + 1).trim());
  }
  const policyOf = (key: string) => {
    const value = tags.get(key)?.toLowerCase();
    if (value === undefined) return null;
    if (!POLICIES.has(value)) {
      errors.push(`${key}=${value} is not none, quarantine or reject`);
      return null;
    }
    return value as DmarcPolicy;
  };
  const policy = policyOf('p');
  if (!tags.has('p')) errors.push('the p tag (the policy) is missing');
  const pct = tags.get('pct');
  const percent = pct === undefined ? 100 : Number(pct);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    errors.push(`pct=${pct} is not a whole number from 0 to 100`);
  }
  const rua = (tags.get('rua') ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  for (const uri of rua) {
    if (!/^mailto:[^@\s]+@[^@\s]+$/i.test(uri.replace(/!\d+[kmgt]?$/i, ''))) {
      errors.push(`rua address "${uri}" is not a mailto: URI`);
    }
  }
  return {
    text,
    tags,
    policy,
    subdomainPolicy: policyOf('sp'),
    percent: Number.isInteger(percent) ? percent : 100,
    testing: tags.get('t')?.toLowerCase() === 'y',
    rua: rua.map((uri) => uri.replace(/^mailto:/i, '').replace(/!\d+[kmgt]?$/i, '')),
    errors,
  };
}

/** The registrable domain of a name, approximately (see the header). */
export function organisationalDomain(name: string): string {
  const labels = name.toLowerCase().split('.');
  const tld = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const keep =
    tld.length === 2 && /^(?:co|com|net|org|gov|ac|edu|ltd|plc|or|ne|go)$/.test(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}
