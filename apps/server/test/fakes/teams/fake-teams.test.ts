import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTeams, startFakeTeams } from './fake-teams';
import { MAX_MESSAGE_BYTES } from './flow-run';

let fake: FakeTeams;
beforeAll(async () => {
  fake = await startFakeTeams({ people: ['chloe@brightwave.example'] });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const card = (text = 'Hello') => ({
  type: 'AdaptiveCard',
  version: '1.4',
  body: [{ type: 'TextBlock', text }],
});
const envelope = (content: unknown = card(), extra: Record<string, unknown> = {}) => ({
  type: 'message',
  attachments: [
    { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content },
  ],
  ...extra,
});
/** The Logic Apps error code of an answer. */
const codeOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string } }).error.code;
const post = (address: string, body: unknown) =>
  fetch(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('fake Teams workflows', () => {
  it('takes a message with 202 and an empty body, and posts its card', async () => {
    const res = await post(fake.addresses.channel, envelope());
    expect([res.status, await res.text()]).toEqual([202, '']);
    expect(fake.posts()).toEqual([
      {
        via: 'channel',
        card: card(),
        recipient: null,
        delivered: true,
        failure: null,
        at: expect.any(Number),
      },
    ]);
  });

  it('answers the Logic Apps error envelope for a missing api-version, a wrong or missing signature and a deleted workflow', async () => {
    const noVersion = await post(
      fake.addresses.channel.replace('api-version=2016-06-01&', ''),
      envelope(),
    );
    expect([noVersion.status, await noVersion.json()]).toEqual([
      400,
      {
        error: {
          code: 'MissingApiVersionParameter',
          message: expect.stringContaining('api-version'),
        },
      },
    ]);
    const wrongSig = await post(fake.addresses.channel.replace(/sig=[^&]+/, 'sig=x'), envelope());
    expect(wrongSig.status).toBe(401);
    expect(await wrongSig.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    const noSig = await post(fake.addresses.channel.replace(/&sig=[^&]+/, ''), envelope());
    expect(noSig.status).toBe(401);
    fake.remove('channel');
    const removed = await post(fake.addresses.channel, envelope());
    expect([removed.status, await codeOf(removed)]).toEqual([404, 'WorkflowNotFound']);
    expect(fake.posts()).toEqual([]);
  });

  it('takes a message the flow cannot post (202), failing its run as the real flow would', async () => {
    const cases: [unknown, RegExp][] = [
      ['not json', /not a JSON object/],
      [{ text: 'a MessageCard' }, /foreach/],
      [{ ...envelope(), type: 'event' }, /type must be 'message'/],
      [{ ...envelope(), attachments: [] }, /one attachment/],
      [envelope({ type: 'Card' }), /AdaptiveCard/],
      [envelope({ ...card(), version: '1.6' }), /version '1.6'/],
      [envelope(card('x'.repeat(MAX_MESSAGE_BYTES))), /larger than 28 KB/],
    ];
    for (const [body, failure] of cases) {
      const res = await post(fake.addresses.channel, body);
      expect(res.status).toBe(202);
      const run = fake.posts().at(-1);
      expect(run?.delivered, String(failure)).toBe(false);
      expect(run?.failure).toMatch(failure);
    }
  });

  it('posts a direct message only to a person of the tenant named in recipient', async () => {
    await post(fake.addresses.direct, envelope(card(), { recipient: 'Chloe@brightwave.example' }));
    await post(fake.addresses.direct, envelope());
    await post(fake.addresses.direct, envelope(card(), { recipient: 'nobody@elsewhere.example' }));
    expect(fake.posts().map((p) => [p.via, p.recipient, p.delivered])).toEqual([
      ['direct', 'Chloe@brightwave.example', true],
      ['direct', null, false],
      ['direct', 'nobody@elsewhere.example', false],
    ]);
  });

  it('answers 429 with Retry-After when asked to, and never logs the signature', async () => {
    fake.failNext('/workflows/', 429, { retryAfterSeconds: 7 });
    const res = await post(fake.addresses.channel, envelope());
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '7']);
    expect(await codeOf(res)).toBe('WorkflowRequestsThrottled');
    expect((await post(fake.addresses.channel, envelope())).status).toBe(202);
    const [logged] = fake.requests();
    expect(logged?.query).toEqual({
      'api-version': '2016-06-01',
      sp: '/triggers/manual/run',
      sv: '1.0',
    });
  });
});

describe('fake Teams legacy connector', () => {
  it('answers 200 "1", and 200 with the failure text when throttled or the card is too large', async () => {
    const ok = await post(fake.addresses.connector, envelope());
    expect([ok.status, await ok.text()]).toEqual([200, '1']);
    fake.failNext('/webhookb2/', 429);
    const throttled = await post(fake.addresses.connector, envelope());
    expect(throttled.status).toBe(200);
    expect(await throttled.text()).toMatch(
      /^Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429 with ContextId/,
    );
    const large = await post(
      fake.addresses.connector,
      envelope(card('x'.repeat(MAX_MESSAGE_BYTES))),
    );
    expect(await large.text()).toMatch(/returned HTTP error 413/);
    const bad = await post(fake.addresses.connector, 'nope');
    expect([bad.status, await bad.text()]).toEqual([
      400,
      'Bad payload received by generic incoming webhook.',
    ]);
    expect(fake.posts().filter((p) => p.delivered)).toHaveLength(1);
  });

  it('serves its test controls over HTTP', async () => {
    const addresses = await (await fetch(`${fake.url}/__fake/addresses`)).json();
    expect(addresses).toEqual(fake.addresses);
    await post(fake.addresses.channel, envelope());
    const { posts } = (await (await fetch(`${fake.url}/__fake/posts`)).json()) as {
      posts: unknown[];
    };
    expect(posts).toHaveLength(1);
    await post(`${fake.url}/__fake/remove`, { which: 'connector' });
    expect((await post(fake.addresses.connector, envelope())).status).toBe(404);
  });
});
