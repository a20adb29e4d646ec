import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCertificates } from '../../../test/fakes/crtsh/demo-world';
import { type FakeCrtsh, startFakeCrtsh } from '../../../test/fakes/crtsh/fake-crtsh';
import { ISSUERS } from '../../../test/fakes/crtsh/world';
import { issuerLabel } from './ct-names';
import { type CtSearchOptions, ctSearch } from './ct-search';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const day = (n: number) => new Date(NOW.getTime() + n * DAY);

let fake: FakeCrtsh;
beforeAll(async () => {
  fake = await startFakeCrtsh({ now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  for (const seed of demoCertificates('brightwave.example', NOW)) fake.addCertificate(seed);
});

/** A client of the fake with no waiting between requests or tries. */
const client = (options: Partial<CtSearchOptions> = {}) =>
  ctSearch({
    baseUrl: fake.url,
    minGapMs: 0,
    retry: { baseDelayMs: 1, maxDelayMs: 1 },
    ...options,
  });

/** A fetch that answers `body` as crt.sh's JSON, whatever is asked. */
const answering =
  (body: unknown, status = 200, type = 'application/json') =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': type },
    });

const row = (id: number, nameValue: string, extra: Record<string, unknown> = {}) => ({
  issuer_ca_id: 1,
  issuer_name: "C=US, O=Let's Encrypt, CN=R11",
  common_name: nameValue.split('\n')[0],
  name_value: nameValue,
  id,
  entry_timestamp: '2026-05-01T10:00:00.5',
  not_before: '2026-05-01T10:00:00',
  not_after: '2026-07-30T10:00:00',
  serial_number: `0${id}`,
  result_count: 1,
  ...extra,
});

describe('ctSearch against the fake crt.sh', () => {
  it("asks crt.sh's real path and gives each unexpired name under the domain once", async () => {
    const found = await client().subdomainsOf('Brightwave.Example.');
    expect(fake.requests().map((r) => [r.path, r.query])).toEqual([
      ['/', { q: '%.brightwave.example', output: 'json', exclude: 'expired', deduplicate: 'Y' }],
    ]);
    expect(found.truncated).toBe(false);
    const www = fake
      .certificates()
      .filter((c) => c.names.includes('www.brightwave.example') && c.notAfter > NOW);
    expect(found.names).toEqual([
      {
        // Only through the wildcard: `%.brightwave.example` does not match the domain alone.
        name: 'brightwave.example',
        wildcard: true,
        firstSeen: day(-200),
        notAfter: day(165),
        issuers: ['DigiCert Global G2 TLS RSA SHA256 2020 CA1'],
        certIds: [expect.any(Number)],
      },
      {
        name: 'mail.brightwave.example',
        wildcard: false,
        firstSeen: day(-100),
        notAfter: day(265),
        issuers: ['Sectigo RSA Domain Validation Secure Server CA'],
        certIds: [expect.any(Number)],
      },
      expect.objectContaining({ name: 'vpn.brightwave.example', issuers: ['R11'] }),
      {
        // Its renewed certificate only: the earlier one has expired.
        name: 'www.brightwave.example',
        wildcard: false,
        firstSeen: day(-35),
        notAfter: day(55),
        issuers: ['R11'],
        // The precertificate's id: crt.sh keeps the first logged of a pair.
        certIds: [Math.min(...www.map((c) => c.id))],
      },
    ]);
  });

  it('leaves out expired certificates (legacy), found again when they were still valid', async () => {
    const names = async () => (await client().subdomainsOf('brightwave.example')).names;
    expect((await names()).map((n) => n.name)).not.toContain('legacy.brightwave.example');
    fake.setNow(day(-200));
    expect(await names()).toContainEqual(
      expect.objectContaining({ name: 'legacy.brightwave.example', notAfter: day(-135) }),
    );
  });

  it('folds wildcards into their base name and merges the certificates of one name', async () => {
    fake.clearCertificates();
    const first = fake.addCertificate({
      names: ['api.shop.example'],
      notBefore: day(-60),
      notAfter: day(30),
    });
    const second = fake.addCertificate({
      names: ['*.api.shop.example', 'API.shop.example'],
      issuer: ISSUERS.sectigo,
      notBefore: day(-5),
      notAfter: day(360),
    });
    const { names } = await client().subdomainsOf('shop.example');
    expect(names).toEqual([
      {
        name: 'api.shop.example',
        wildcard: true,
        firstSeen: day(-60),
        notAfter: day(360),
        issuers: ['R11', 'Sectigo RSA Domain Validation Secure Server CA'],
        certIds: [first.ids[0], second.ids[0]],
      },
    ]);
  });

  it('keeps the names whose certificates run longest when there are more than the cap', async () => {
    fake.clearCertificates();
    for (const [i, label] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      fake.addCertificate({
        names: [`${label}.cap.example`],
        notBefore: day(-1),
        notAfter: day(10 + i),
      });
    }
    const found = await client({ maxNames: 3 }).subdomainsOf('cap.example');
    expect(found.truncated).toBe(true);
    expect(found.names.map((n) => n.name)).toEqual([
      'c.cap.example',
      'd.cap.example',
      'e.cap.example',
    ]);
  });

  it('retries a 429 (no Retry-After) and a 502 page, then answers', async () => {
    fake.failNext('rate-limited');
    fake.failNext('bad-gateway');
    const found = await client().subdomainsOf('brightwave.example');
    expect(found.names).toHaveLength(4);
    expect(fake.requests().map((r) => r.status)).toEqual([429, 502, 200]);
  });

  it.each([
    [
      'rate-limited',
      'rate_limited',
      429,
      /is limiting requests \(HTTP 429\); gave up after 3 tries/,
    ],
    ['bad-gateway', 'unavailable', 502, /is unavailable \(HTTP 502\); gave up after 3 tries/],
    [
      'error-page',
      'unavailable',
      200,
      /answered a text\/html page instead of JSON \(HTTP 200\); gave up after 3 tries/,
    ],
  ] as const)(
    'gives up after 3 tries of %s with a clear, retryable error',
    async (failure, kind, status, message) => {
      fake.failNext(failure, { times: 5 });
      const error = await client()
        .subdomainsOf('brightwave.example')
        .catch((err: unknown) => err);
      expect(error).toMatchObject({
        name: 'CtSearchError',
        kind,
        httpStatus: status,
        retryable: true,
      });
      expect((error as Error).message).toMatch(message);
      expect(fake.requests()).toHaveLength(3);
    },
  );

  it('gives up on an answer that takes longer than the timeout, then tries again', async () => {
    fake.failNext('slow', { delayMs: 5_000 });
    const found = await client({ timeoutMs: 400 }).subdomainsOf('brightwave.example');
    expect(found.names).toHaveLength(4);
    fake.failNext('slow', { delayMs: 5_000, times: 2 });
    const error = await client({ timeoutMs: 400, retry: { attempts: 2, baseDelayMs: 1 } })
      .subdomainsOf('brightwave.example')
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ kind: 'unavailable', httpStatus: null, retryable: true });
    expect((error as Error).message).toMatch(
      /no answer from .* within 400 ms; gave up after 2 tries/,
    );
  });

  it('sends one request at a time, however many searches wait, with the gap between them', async () => {
    fake.setLatencyMs(40);
    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    const search = client({ fetchImpl: counting, minGapMs: 60 });
    const domains = ['brightwave.example', 'a.example', 'b.example', 'c.example'];
    const found = await Promise.all(domains.map((d) => search.subdomainsOf(d)));
    expect(found.map((f) => f.names.length)).toEqual([4, 0, 0, 0]);
    expect(most).toBe(1);
    const arrivals = fake.requests().map((r) => r.at);
    expect(arrivals).toHaveLength(4);
    for (let i = 1; i < arrivals.length; i += 1) {
      // 40 ms to answer, 60 ms of gap after it (a few ms of timer slack allowed).
      expect((arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0)).toBeGreaterThanOrEqual(95);
    }
  });

  it('lets a waiting search be cancelled without holding up the others', async () => {
    fake.setLatencyMs(100);
    const search = client();
    const first = search.subdomainsOf('brightwave.example');
    const controller = new AbortController();
    const cancelled = search.subdomainsOf('a.example', controller.signal).catch((e: unknown) => e);
    const third = search.subdomainsOf('b.example');
    controller.abort(new Error('no longer needed'));
    expect(await cancelled).toEqual(new Error('no longer needed'));
    expect((await first).names).toHaveLength(4);
    expect((await third).names).toEqual([]);
    expect(fake.requests().map((r) => r.query.q)).toEqual(['%.brightwave.example', '%.b.example']);
  });
});

describe('ctSearch reading answers', () => {
  const read = (body: unknown, status?: number, type?: string) =>
    client({ fetchImpl: answering(body, status, type) }).subdomainsOf('example.com');

  it('keeps only names that are the domain or end in .<domain>', async () => {
    const { names } = await read([
      row(1, 'WWW.Example.COM.\nnotexample.com\nwww.notexample.com'),
      row(2, 'example.com.evil.test\nmail.example.community\nadmin@example.com'),
      row(3, '*.example.com\nExample Com Ltd'),
    ]);
    expect(names.map((n) => [n.name, n.wildcard])).toEqual([
      ['example.com', true],
      ['www.example.com', false],
    ]);
  });

  it('reads zone-less times as UTC and issuers by their CN', async () => {
    const { names } = await read([
      row(7, 'a.example.com', {
        issuer_name: 'C=US, O="DigiCert, Inc.", CN="Thawte TLS RSA CA G1"',
      }),
    ]);
    expect(names[0]).toMatchObject({
      firstSeen: new Date('2026-05-01T10:00:00Z'),
      notAfter: new Date('2026-07-30T10:00:00Z'),
      issuers: ['Thawte TLS RSA CA G1'],
      certIds: [7],
    });
    expect(issuerLabel('C=US, O=Example Trust')).toBe('C=US, O=Example Trust');
  });

  it('skips rows of another shape and keeps the rest', async () => {
    const { names } = await read([
      { id: 'x', name_value: 'bad.example.com' },
      row(2, 'nodate.example.com', { not_after: 'soon' }),
      row(3, 'good.example.com', { serial_number: undefined, common_name: null }),
    ]);
    expect(names.map((n) => n.name)).toEqual(['good.example.com']);
  });

  it("says so when crt.sh's own row limit was reached", async () => {
    const found = await read([row(1, 'a.example.com', { result_count: 10_000 })]);
    expect(found.truncated).toBe(true);
  });

  it('does not retry JSON that is not a list, nor a 4xx', async () => {
    let calls = 0;
    const once =
      (body: unknown, status: number): typeof fetch =>
      async () => {
        calls += 1;
        return answering(body, status)();
      };
    const notList = await client({ fetchImpl: once({ error: 'x' }, 200) })
      .subdomainsOf('example.com')
      .catch((e: unknown) => e);
    expect(notList).toMatchObject({ kind: 'failed', retryable: false, httpStatus: 200 });
    const refused = await client({ fetchImpl: once('<html></html>', 400) })
      .subdomainsOf('example.com')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'failed', retryable: false, httpStatus: 400 });
    expect(calls).toBe(2);
  });

  it('retries JSON that was cut short', async () => {
    const error = await read('[{"issuer_ca_id":1,').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', retryable: true });
    expect((error as Error).message).toMatch(/cut short; gave up after 3 tries/);
  });

  it('refuses what is not a domain name without asking', async () => {
    let calls = 0;
    const search = client({
      fetchImpl: async () => {
        calls += 1;
        return answering([])();
      },
    });
    for (const bad of ['%', 'example', 'a b.example', '*.example.com', '']) {
      await expect(search.subdomainsOf(bad)).rejects.toBeInstanceOf(RangeError);
    }
    expect(calls).toBe(0);
  });
});
