// DKIM: internet.nl's rule (an existing _domainkey name means keys are published, NXDOMAIN means
// none), and the common selectors probed to show which keys exist and how long they are.
import { createPublicKey } from 'node:crypto';
import type { ScanFinding } from '@castellan/contract';
import { fail, info, notTested, pass } from './checks';
import type { ScanContext } from './context';
import { spfRecords } from './spf';

type DkimKey = {
  selector: string;
  text: string;
  revoked: boolean;
  bits: number | null;
  type: string;
};

function parseDkimKey(selector: string, text: string): DkimKey | null {
  const tags = new Map(
    text
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const eq = part.indexOf('=');
        return [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, '')];
      }),
  );
  const version = tags.get('v');
  if (version !== undefined && version !== 'DKIM1') return null;
  const key = tags.get('p');
  if (key === undefined) return null;
  const type = (tags.get('k') ?? 'rsa').toLowerCase();
  let bits: number | null = null;
  if (key !== '' && type === 'rsa') {
    try {
      const der = Buffer.from(key, 'base64');
      bits =
        createPublicKey({ key: der, format: 'der', type: 'spki' }).asymmetricKeyDetails
          ?.modulusLength ?? null;
    } catch {
      bits = null;
    }
  }
  return { selector, text, revoked: key === '', bits, type };
}

/** The keys of the common selectors; `complete` is false when a look-up failed. */
async function probeSelectors(ctx: ScanContext): Promise<{ keys: DkimKey[]; complete: boolean }> {
  const found: DkimKey[] = [];
  let complete = true;
  const queue = [...ctx.options.dkimSelectors];
  // 25 at a time: three rounds for the usual list, few enough not to flood the resolver.
  const worker = async () => {
    for (let selector = queue.shift(); selector; selector = queue.shift()) {
      const answer = await ctx.dns.txt(`${selector}._domainkey.${ctx.domain}`);
      if (answer.kind === 'error') complete = false;
      if (answer.kind !== 'records') continue;
      for (const record of answer.records) {
        const key = parseDkimKey(selector, record.text);
        if (key) found.push(key);
      }
    }
  };
  await Promise.all(Array.from({ length: 25 }, worker));
  return { keys: found.sort((a, b) => a.selector.localeCompare(b.selector)), complete };
}

export async function checkDkim(ctx: ScanContext): Promise<ScanFinding[]> {
  const [mx, dmarc, spfAnswer, base] = await Promise.all([
    ctx.mx(),
    ctx.dmarc(),
    ctx.dns.txt(ctx.domain),
    ctx.dns.txt(`_domainkey.${ctx.domain}`),
  ]);
  const spf = spfRecords(spfAnswer);
  const sendsNoMail =
    mx.kind === 'null-mx' ||
    (spf.length === 1 &&
      /^v=spf1\s+-all$/i.test(spf[0]?.text.trim() ?? '') &&
      dmarc.kind === 'found' &&
      dmarc.record.policy === 'reject');
  if (sendsNoMail) {
    return [
      info('dkim', 'not-sending', {
        title: 'The domain sends no e-mail, so it needs no DKIM keys',
        evidence: mx.kind === 'null-mx' ? 'Null MX.' : 'SPF "v=spf1 -all" and DMARC p=reject.',
      }),
    ];
  }
  if (base.kind === 'error') {
    return [notTested('dkim', `The look-up of _domainkey.${ctx.domain} failed: ${base.message}.`)];
  }
  // An existing _domainkey name (even without data) means keys exist below it (RFC 8020).
  const { keys, complete } =
    base.kind === 'nxdomain' ? { keys: [], complete: true } : await probeSelectors(ctx);
  const active = keys.filter((k) => !k.revoked);
  // A list with gaps would look like selectors removed: keep only a complete one.
  if (complete) ctx.noted.dkimSelectors = active.map((k) => k.selector);
  if (active.length === 0) {
    if (base.kind !== 'nxdomain') {
      return [
        pass('dkim', 'present', {
          title: 'DKIM keys are published',
          evidence: `_domainkey.${ctx.domain} exists; its selectors are not among the ${ctx.options.dkimSelectors.length} common names we try.`,
        }),
      ];
    }
    return [
      fail('dkim', 'missing', 'Medium', {
        title: 'No DKIM keys found',
        evidence: `_domainkey.${ctx.domain} does not exist, so no DKIM key is published.`,
        recommendation:
          'Turn on DKIM signing at your mail provider and publish the key it gives you, so receivers can tell your mail was not changed or faked.',
      }),
    ];
  }
  const listed = active
    .map((k) => `${k.selector} (${k.type}${k.bits ? ` ${k.bits} bits` : ''})`)
    .join(', ');
  const weak = active.filter((k) => k.bits !== null && k.bits < 1024);
  const short = active.filter((k) => k.bits !== null && k.bits >= 1024 && k.bits < 2048);
  if (weak.length > 0) {
    return [
      fail('dkim', 'weak-key', 'Medium', {
        title: 'A DKIM key is too short to be safe',
        evidence: `Keys found: ${listed}.`,
        recommendation:
          'Keys under 1024 bits can be broken. Create a 2048-bit key at your mail provider.',
      }),
    ];
  }
  if (short.length > 0) {
    return [
      fail('dkim', 'short-key', 'Low', {
        title: 'A DKIM key is shorter than recommended',
        evidence: `Keys found: ${listed}.`,
        recommendation: 'Move to a 2048-bit key when your mail provider allows it.',
      }),
    ];
  }
  return [
    pass('dkim', 'found', { title: 'DKIM keys are published', evidence: `Keys found: ${listed}.` }),
  ];
}
