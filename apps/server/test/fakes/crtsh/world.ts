// The fake crt.sh's world: certificates as CT logs hold them, each usually twice (the
// precertificate a CA logs before issuing, then the certificate itself, with the same serial),
// and the identity search crt.sh runs over them (integrations-reference-2 §7; the SQL of
// crtsh/certwatch_db fnc/web_apis.fnc). Ids, serials and CA ids are invented.
import { randomBytes } from 'node:crypto';

export type FakeIssuer = { caId: number; name: string };

/** A few issuers as crt.sh names them (its `ca.NAME`: the issuer's DN on one line). */
export const ISSUERS = {
  letsEncrypt: { caId: 295_819, name: "C=US, O=Let's Encrypt, CN=R11" },
  sectigo: {
    caId: 104_224,
    name: 'C=GB, ST=Greater Manchester, L=Salford, O=Sectigo Limited, CN=Sectigo RSA Domain Validation Secure Server CA',
  },
  digicert: {
    caId: 210_618,
    name: 'C=US, O=DigiCert Inc, CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1',
  },
} satisfies Record<string, FakeIssuer>;

/** A certificate a test adds. */
export type CertificateSeed = {
  /** Its SAN DNS names (`*.example.com` for a wildcard); stored lower-case. */
  names: string[];
  /** Its subject CN; default the first name. */
  commonName?: string | null;
  /** Default Let's Encrypt's R11. */
  issuer?: FakeIssuer;
  notBefore: Date;
  notAfter: Date;
  /** When it reached a log; default `notBefore`. */
  loggedAt?: Date;
  /** Logged as a precertificate and then a certificate (two entries); default true. */
  precertificate?: boolean;
};

/** One log entry of a certificate: what crt.sh has one id for. */
export type FakeEntry = {
  id: number;
  kind: 'precertificate' | 'certificate';
  serial: string;
  issuer: FakeIssuer;
  commonName: string | null;
  names: string[];
  notBefore: Date;
  notAfter: Date;
  loggedAt: Date;
};

/** A row of `output=json` for a search by identity, its fields in crt.sh's order. */
export type CrtshRow = {
  issuer_ca_id: number;
  issuer_name: string;
  common_name: string | null;
  name_value: string;
  id: number;
  entry_timestamp: string | null;
  not_before: string;
  not_after: string;
  serial_number: string;
  result_count: number;
};

export type SearchOptions = {
  /** `exclude=expired`: only certificates whose notAfter has not passed. */
  excludeExpired: boolean;
  /** `deduplicate=Y`: of entries with the same serial and issuer, only the first logged. */
  deduplicate: boolean;
  /**
   * crt.sh's `match`: ILIKE (its default for a value without spaces or `-`), LIKE or `=`. The
   * fake leaves out its full-text kinds (a value with `-` or spaces), taking ILIKE for them.
   */
  match: 'ILIKE' | 'LIKE' | '=';
  now: Date;
  /** Identity rows read before grouping (crt.sh: 10,000). */
  rowLimit: number;
};

/** A LIKE pattern as a regular expression: `%` any run, `_` one character, `\` escapes. */
export function likePattern(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern.charAt(i);
    if (c === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += pattern.charAt(i).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

/** PostgreSQL's text of a `timestamp` (no zone) in JSON: no trailing zeros in the fraction. */
export const zoneless = (at: Date) =>
  at
    .toISOString()
    .replace('Z', '')
    .replace(/\.?0+$/, '');

/** A certificate's validity has no fraction of a second. */
const wholeSeconds = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

export function certificateStore(firstId = 12_000_000_000) {
  let nextId = firstId;
  const entries: FakeEntry[] = [];

  return {
    /** Logs a certificate; its entries' ids and serial. */
    add(seed: CertificateSeed): { ids: number[]; serial: string } {
      const names = [...new Set(seed.names.map((n) => n.trim().toLowerCase()))];
      if (names.length === 0) throw new Error('a certificate needs at least one name');
      const loggedAt = seed.loggedAt ?? seed.notBefore;
      const base = {
        // 18 random bytes, as Let's Encrypt's serials are; crt.sh shows them as lower-case hex.
        serial: randomBytes(18).toString('hex'),
        issuer: seed.issuer ?? ISSUERS.letsEncrypt,
        commonName:
          seed.commonName === undefined
            ? (names[0] ?? null)
            : (seed.commonName?.toLowerCase() ?? null),
        names,
        notBefore: wholeSeconds(seed.notBefore),
        notAfter: wholeSeconds(seed.notAfter),
      };
      const kinds =
        seed.precertificate === false
          ? (['certificate'] as const)
          : (['precertificate', 'certificate'] as const);
      const ids = kinds.map((kind, i) => {
        const id = nextId;
        // A CA logs the certificate a moment after its precertificate.
        entries.push({ ...base, id, kind, loggedAt: new Date(loggedAt.getTime() + i * 1_537) });
        nextId += 1;
        return id;
      });
      return { ids, serial: base.serial };
    },
    entries: (): FakeEntry[] => structuredClone(entries),
    clear() {
      entries.length = 0;
    },

    /**
     * The rows crt.sh answers a search by identity for `value`: one per certificate entry with
     * the identities (CN and SAN names) that matched, newest log entry first.
     */
    search(value: string, o: SearchOptions): CrtshRow[] {
      const matches =
        o.match === '='
          ? (identity: string) => identity === value.toLowerCase()
          : (identity: string) => likePattern(`%${value}%`, o.match === 'ILIKE').test(identity);
      const firstOfSerial = new Map<string, number>();
      for (const e of entries) {
        const key = `${e.issuer.caId}:${e.serial}`;
        firstOfSerial.set(key, Math.min(firstOfSerial.get(key) ?? e.id, e.id));
      }
      let budget = o.rowLimit;
      const rows: CrtshRow[] = [];
      for (const e of entries) {
        if (budget <= 0) break;
        if (o.excludeExpired && e.notAfter < o.now) continue;
        if (o.deduplicate && firstOfSerial.get(`${e.issuer.caId}:${e.serial}`) !== e.id) continue;
        // crt.sh has a row per identity: the CN and each SAN name (the same text twice is two).
        const identities = [...(e.commonName ? [e.commonName] : []), ...e.names].filter(matches);
        if (identities.length === 0) continue;
        const counted = identities.slice(0, budget);
        budget -= counted.length;
        rows.push({
          issuer_ca_id: e.issuer.caId,
          issuer_name: e.issuer.name,
          common_name: e.commonName,
          name_value: [...new Set(counted)].sort().join('\n'),
          id: e.id,
          entry_timestamp: zoneless(e.loggedAt),
          not_before: zoneless(e.notBefore),
          not_after: zoneless(e.notAfter),
          serial_number: e.serial,
          result_count: counted.length,
        });
      }
      return rows.sort((a, b) => (b.entry_timestamp ?? '').localeCompare(a.entry_timestamp ?? ''));
    },
  };
}

export type CertificateStore = ReturnType<typeof certificateStore>;
