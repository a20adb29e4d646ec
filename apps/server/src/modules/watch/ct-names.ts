// From crt.sh's JSON rows (integrations-reference-2 §7) to the names under one domain: each row is
// a certificate with the identities of it that matched the search, `\n`-joined in `name_value`.
import { z } from 'zod';

/** A name under the domain, as certificate transparency shows it. */
export type CtName = {
  /** Lower-case, without a wildcard's `*.`. */
  name: string;
  /** A certificate covers `*.<name>`: names under it may be in use that no certificate shows. */
  wildcard: boolean;
  /** The earliest `not_before` of its certificates. */
  firstSeen: Date;
  /** The latest `not_after` of its certificates. */
  notAfter: Date;
  /** Their issuers' common names (or the whole issuer name when it has none), sorted. */
  issuers: string[];
  /** crt.sh's ids of its certificates (`https://crt.sh/?id=<id>`), ascending. */
  certIds: number[];
};

export type CtNames = {
  names: CtName[];
  /** Names were left out: more than the cap, or crt.sh stopped at its own row limit. */
  truncated: boolean;
};

/** crt.sh stops at this many identity rows (`c_resultLimit` in certwatch_db's web_apis.fnc). */
export const CRTSH_ROW_LIMIT = 10_000;

/** `2023-11-01T08:49:47` or with a fraction; crt.sh sends no zone and means UTC. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

function utc(text: string): Date | null {
  const at = new Date(ZONELESS.test(text) ? `${text}Z` : text);
  return Number.isNaN(at.getTime()) ? null : at;
}

const timestamp = z.string().transform((text, ctx) => {
  const at = utc(text);
  if (!at) ctx.addIssue({ code: 'custom', message: `not a timestamp: ${text}` });
  return at ?? new Date(0);
});

/** The fields used of one row; others (serial_number, common_name, …) may come or not. */
const rowSchema = z.looseObject({
  id: z.number().int().positive(),
  issuer_name: z.string().nullish(),
  name_value: z.string(),
  not_before: timestamp,
  not_after: timestamp,
  result_count: z.number().int().nonnegative().nullish(),
});
type Row = z.output<typeof rowSchema>;

/**
 * The issuer's CN of a DN as crt.sh writes it (`C=US, O=Let's Encrypt, CN=R3`); a value with a
 * comma is assumed to be double-quoted (`O="DigiCert, Inc."`), as OpenSSL's one-line form does.
 */
export function issuerLabel(issuerName: string): string {
  const cn = /(?:^|,\s*)CN=("(?:[^"]|"")*"|[^,]*)/.exec(issuerName)?.[1]?.trim();
  if (!cn) return issuerName.trim();
  return cn.startsWith('"') ? cn.slice(1, -1).replaceAll('""', '"') : cn;
}

/** A DNS name's shape; `_` is allowed (service labels appear in certificates now and then). */
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * One identity as a name under `domain`, or null: not a DNS name (an e-mail address, an
 * organisation's name: an identity search matches those too), or not under the domain (the
 * search is a substring match, so `www.example.com.evil.test` comes back for `example.com`).
 */
function nameUnder(identity: string, domain: string): { name: string; wildcard: boolean } | null {
  let name = identity.trim().toLowerCase().replace(/\.$/, '');
  const wildcard = name.startsWith('*.');
  if (wildcard) name = name.slice(2);
  if (!HOSTNAME.test(name)) return null;
  return name === domain || name.endsWith(`.${domain}`) ? { name, wildcard } : null;
}

type Gathered = Omit<CtName, 'issuers' | 'certIds'> & {
  issuerSet: Set<string>;
  idSet: Set<number>;
};

function gather(names: Map<string, Gathered>, row: Row, domain: string) {
  const issuer = row.issuer_name ? issuerLabel(row.issuer_name) : null;
  for (const identity of row.name_value.split('\n')) {
    const found = nameUnder(identity, domain);
    if (!found) continue;
    let entry = names.get(found.name);
    if (!entry) {
      entry = {
        name: found.name,
        wildcard: false,
        firstSeen: row.not_before,
        notAfter: row.not_after,
        issuerSet: new Set(),
        idSet: new Set(),
      };
      names.set(found.name, entry);
    }
    if (found.wildcard) entry.wildcard = true;
    if (row.not_before < entry.firstSeen) entry.firstSeen = row.not_before;
    if (row.not_after > entry.notAfter) entry.notAfter = row.not_after;
    if (issuer) entry.issuerSet.add(issuer);
    entry.idSet.add(row.id);
  }
}

/**
 * The names under `domain` (lower-case, no trailing dot) in crt.sh's answer `body`, at most
 * `maxNames` of them: those whose certificates run the latest are kept. Rows of another shape are
 * skipped (a new or missing field must not lose the rest); an answer that is not an array is null.
 */
export function namesFromRows(body: unknown, domain: string, maxNames: number): CtNames | null {
  if (!Array.isArray(body)) return null;
  const gathered = new Map<string, Gathered>();
  let identityRows = 0;
  for (const raw of body) {
    const row = rowSchema.safeParse(raw);
    if (!row.success) continue;
    identityRows += row.data.result_count ?? 1;
    gather(gathered, row.data, domain);
  }
  const all = [...gathered.values()].map(
    ({ issuerSet, idSet, ...name }): CtName => ({
      ...name,
      issuers: [...issuerSet].sort(),
      certIds: [...idSet].sort((a, b) => a - b),
    }),
  );
  const kept =
    all.length > maxNames
      ? all
          .sort((a, b) => b.notAfter.getTime() - a.notAfter.getTime() || (a.name < b.name ? -1 : 1))
          .slice(0, maxNames)
      : all;
  return {
    names: kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    truncated: all.length > maxNames || identityRows >= CRTSH_ROW_LIMIT,
  };
}
