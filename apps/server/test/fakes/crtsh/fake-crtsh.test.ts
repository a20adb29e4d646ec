import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCertificates } from './demo-world';
import { type FakeCrtsh, startFakeCrtsh } from './fake-crtsh';
import { type CrtshRow, ISSUERS, likePattern } from './world';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const day = (n: number) => new Date(NOW.getTime() + n * DAY);

let fake: FakeCrtsh;
beforeAll(async () => {
  fake = await startFakeCrtsh({
    certificates: demoCertificates('brightwave.example', NOW),
    now: () => NOW,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const search = (q: string, extra = '') =>
  fetch(`${fake.url}/?q=${encodeURIComponent(q)}&output=json${extra}`);
const rowsOf = async (res: Response) => (await res.json()) as CrtshRow[];
const namesOf = (rows: CrtshRow[]) =>
  [...new Set(rows.flatMap((r) => r.name_value.split('\n')))].sort();

describe('fake crt.sh searches', () => {
  it("answers compact JSON rows with crt.sh's fields in its order, zone-less times and CORS", async () => {
    const res = await search('%.brightwave.example', '&exclude=expired&deduplicate=Y');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    expect(text.startsWith('[{"issuer_ca_id":')).toBe(true);
    expect(text).not.toContain('\n');
    const rows = JSON.parse(text) as CrtshRow[];
    const vpn = rows.find((r) => r.name_value === 'vpn.brightwave.example');
    expect(Object.keys(vpn ?? {})).toEqual([
      'issuer_ca_id',
      'issuer_name',
      'common_name',
      'name_value',
      'id',
      'entry_timestamp',
      'not_before',
      'not_after',
      'serial_number',
      'result_count',
    ]);
    expect(vpn).toMatchObject({
      issuer_ca_id: ISSUERS.letsEncrypt.caId,
      issuer_name: "C=US, O=Let's Encrypt, CN=R11",
      common_name: 'vpn.brightwave.example',
      not_before: '2026-05-22T12:00:00',
      not_after: '2026-08-20T12:00:00',
      serial_number: expect.stringMatching(/^[0-9a-f]{36}$/),
      // The CN and the SAN name are two identity rows.
      result_count: 2,
    });
    expect(vpn?.entry_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
    // Newest log entry first.
    const logged = rows.map((r) => r.entry_timestamp ?? '');
    expect(logged).toEqual([...logged].sort().reverse());
  });

  it('matches names with `.brightwave.example` in them, wildcards as written, the domain alone not', async () => {
    const rows = await rowsOf(
      await search('%.brightwave.example', '&exclude=expired&deduplicate=Y'),
    );
    expect(namesOf(rows)).toEqual([
      '*.brightwave.example',
      'mail.brightwave.example',
      'static.brightwave.example.cdn-edge.test',
      'vpn.brightwave.example',
      'www.brightwave.example',
    ]);
    const wildcard = rows.find((r) => r.common_name === '*.brightwave.example');
    // Only the identities that matched are in name_value; the cert's CN matched too.
    expect(wildcard).toMatchObject({ name_value: '*.brightwave.example', result_count: 2 });
  });

  it('finds look-alike domains for a value without `%.`, as the substring match does', async () => {
    const rows = await rowsOf(await search('brightwave.example', '&exclude=expired&deduplicate=Y'));
    expect(namesOf(rows)).toContain('notbrightwave.example');
    expect(namesOf(rows)).toContain('brightwave.example');
  });

  it('returns a precertificate and its certificate as two rows unless deduplicate=Y', async () => {
    const both = (await rowsOf(await search('vpn.brightwave.example'))).filter(
      (r) => r.name_value === 'vpn.brightwave.example',
    );
    expect(both).toHaveLength(2);
    expect(both[0]?.serial_number).toBe(both[1]?.serial_number);
    expect(both[0]?.id).not.toBe(both[1]?.id);
    const one = await rowsOf(await search('vpn.brightwave.example', '&deduplicate=Y'));
    expect(one.map((r) => r.id)).toEqual([Math.min(...both.map((r) => r.id))]);
  });

  it('leaves expired certificates out with exclude=expired, by its clock', async () => {
    const all = await rowsOf(await search('legacy.brightwave.example'));
    expect(all.length).toBeGreaterThan(0);
    expect(await rowsOf(await search('legacy.brightwave.example', '&exclude=expired'))).toEqual([]);
    fake.setNow(day(-400));
    expect(
      await rowsOf(await search('legacy.brightwave.example', '&exclude=expired')),
    ).toHaveLength(2);
  });

  it('answers [] for nothing, and HTML for a search without output=json', async () => {
    const none = await search('%.nobody.example');
    expect([none.status, await none.text()]).toEqual([200, '[]']);
    const page = await fetch(`${fake.url}/?q=brightwave.example`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('takes certificates from a test, directly and over /__fake/', async () => {
    fake.clearCertificates();
    const added = fake.addCertificate({
      names: ['API.Shop.example'],
      notBefore: day(-1),
      notAfter: day(89),
      precertificate: false,
    });
    expect(added.ids).toHaveLength(1);
    const res = await fetch(`${fake.url}/__fake/certificates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        names: ['*.shop.example'],
        issuer: 'sectigo',
        notBefore: day(-2).toISOString(),
        notAfter: day(300).toISOString(),
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ids: number[] }).ids).toHaveLength(2);
    const rows = await rowsOf(await search('%.shop.example', '&deduplicate=Y'));
    expect(rows.map((r) => [r.name_value, r.issuer_ca_id])).toEqual([
      ['api.shop.example', ISSUERS.letsEncrypt.caId],
      ['*.shop.example', ISSUERS.sectigo.caId],
    ]);
    const bad = await fetch(`${fake.url}/__fake/certificates`, {
      method: 'POST',
      body: '{"names":[]}',
    });
    expect(bad.status).toBe(400);
  });

  it('fails as crt.sh does when asked: 429 without Retry-After, a 502 page, its error page, a slow answer', async () => {
    fake.failNext('rate-limited');
    fake.failNext('bad-gateway');
    fake.failNext('error-page');
    const limited = await search('%.brightwave.example');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, null]);
    expect(limited.headers.get('content-type')).toMatch(/^text\/html/);
    const gateway = await search('%.brightwave.example');
    expect([gateway.status, await gateway.text()]).toEqual([
      502,
      expect.stringContaining('Bad Gateway'),
    ]);
    const page = await search('%.brightwave.example');
    expect([page.status, page.headers.get('content-type')]).toEqual([
      200,
      'text/html; charset=utf-8',
    ]);
    expect(await search('%.brightwave.example').then((r) => r.status)).toBe(200);

    const control = await fetch(`${fake.url}/__fake/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ failure: 'slow', delayMs: 150 }),
    });
    expect(control.status).toBe(200);
    const started = performance.now();
    const slow = await search('%.brightwave.example');
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(fake.requests().map((r) => r.status)).toEqual([429, 502, 200, 200, 200]);
  });
});

describe('likePattern', () => {
  it('reads % and _ as wildcards and the rest literally', () => {
    const like = likePattern('%%.example.com%', true);
    expect(like.test('www.example.com')).toBe(true);
    expect(like.test('WWW.EXAMPLE.COM')).toBe(true);
    expect(like.test('www.example.com.evil.test')).toBe(true);
    expect(like.test('notexample.com')).toBe(false);
    expect(like.test('wwwxexample.com')).toBe(false);
    expect(likePattern('a_c', false).test('abc')).toBe(true);
    expect(likePattern('a\\_c', false).test('abc')).toBe(false);
  });
});
