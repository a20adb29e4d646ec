// The fake Slack's own behaviour where it is not obvious: the install's one-time code and client
// authentication, the Web API's envelope and rates, the message checks, the hooks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CLIENT } from '../test-client';
import { type FakeSlack, startFakeSlack } from './fake-slack';

const REDIRECT = 'http://localhost:3000/api/slack/install/callback';

describe('fake Slack', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack({ redirectUris: [REDIRECT] });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const call = async (method: string, token: string | null, body: object, json = false) => {
    const res = await fetch(`${fake.url}/api/${method}`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, unknown>,
    };
  };

  async function codeFor(channel = true): Promise<string> {
    const authorize = new URL(`${fake.url}/oauth/v2/authorize`);
    authorize.search = new URLSearchParams({
      client_id: TEST_CLIENT.id,
      scope: 'chat:write,incoming-webhook',
      redirect_uri: REDIRECT,
      state: 's',
    }).toString();
    const page = await (await fetch(authorize)).text();
    const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const id = /<option value="([^"]+)"/.exec(page)?.[1] ?? '';
    const form = new URLSearchParams({
      request,
      action: 'allow',
      ...(channel ? { channel: id } : {}),
    });
    form.append('scope', 'chat:write');
    form.append('scope', 'incoming-webhook');
    const res = await fetch(`${fake.url}/oauth/v2/authorize/confirm`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('s');
    return back.searchParams.get('code') ?? '';
  }

  const exchange = (code: string, secret = TEST_CLIENT.secret) =>
    fetch(`${fake.url}/api/oauth.v2.access`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_CLIENT.id}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ code, redirect_uri: REDIRECT }),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);

  it('swaps a code once, for a client that authenticates, with the channel’s webhook', async () => {
    const code = await codeFor();
    expect(await exchange(code, 'wrong')).toEqual({ ok: false, error: 'bad_client_secret' });
    const answer = await exchange(code);
    expect(answer).toMatchObject({
      ok: true,
      token_type: 'bot',
      scope: 'chat:write,incoming-webhook',
      access_token: expect.stringMatching(/^xoxb-/),
      team: { id: 'T0BRIGHTWV1', name: 'Brightwave' },
      incoming_webhook: {
        channel: '#general',
        channel_id: expect.stringMatching(/^C/),
        url: expect.stringMatching(new RegExp(`^${fake.url}/services/T0BRIGHTWV1/B\\d+/`)),
      },
    });
    expect(await exchange(code)).toEqual({ ok: false, error: 'invalid_code' });

    // The webhook answers text, as Slack's does.
    const post = (body: object) =>
      fetch((answer.incoming_webhook as { url: string }).url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await post({ text: 'Overdue tasks' });
    expect([ok.status, await ok.text()]).toEqual([200, 'ok']);
    const none = await post({});
    expect([none.status, await none.text()]).toEqual([400, 'no_text']);
    expect(fake.messages()).toMatchObject([{ via: 'incoming-webhook', text: 'Overdue tasks' }]);
  });

  it('answers errors as HTTP 200 ok:false, and checks a message’s shape', async () => {
    expect((await call('auth.test', null, {})).body).toEqual({ ok: false, error: 'not_authed' });
    expect((await call('auth.test', 'xoxb-1-2-nope', {})).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    const token = fake.issueToken(['chat:write', 'im:write']);
    expect((await call('users.lookupByEmail', token, { email: 'a@b.example' })).body).toMatchObject(
      {
        ok: false,
        error: 'missing_scope',
        needed: 'users:read.email',
      },
    );
    const ben = fake.workspace().people[1]?.id ?? '';
    const { body: opened } = await call('conversations.open', token, { users: ben });
    const channel = (opened.channel as { id: string }).id;
    expect(channel).toMatch(/^D/);
    const post = (body: object) => call('chat.postMessage', token, { channel, ...body }, true);
    expect((await post({})).body).toEqual({ ok: false, error: 'no_text' });
    expect((await post({ text: 'x', blocks: [{ type: 'section' }] })).body).toMatchObject({
      ok: false,
      error: 'invalid_blocks',
    });
    expect(
      (await call('chat.postMessage', token, { channel: 'C0NOPE', text: 'x' }, true)).body,
    ).toEqual({ ok: false, error: 'channel_not_found' });
    expect((await post({ text: 'Hello' })).body).toMatchObject({
      ok: true,
      channel,
      ts: expect.any(String),
    });
    // One message a second per channel.
    const again = await post({ text: 'Hello again' });
    expect(again).toMatchObject({
      status: 429,
      retryAfter: '1',
      body: { ok: false, error: 'ratelimited' },
    });
    fake.revokeTokens();
    expect((await post({ text: 'Hi' })).body).toEqual({ ok: false, error: 'token_revoked' });
  });

  it('holds users.lookupByEmail to its Tier 3 rate per workspace, and finds people by e-mail', async () => {
    fake.setRates({ tier3PerMinute: 2 });
    const token = fake.issueToken();
    const lookup = () =>
      call('users.lookupByEmail', token, { email: 'BEN.carter@brightwave.example' });
    expect((await lookup()).body).toMatchObject({
      ok: true,
      user: { id: expect.stringMatching(/^U/), tz: 'Europe/Berlin', deleted: false },
    });
    expect(
      (await call('users.lookupByEmail', token, { email: 'nobody@brightwave.example' })).body,
    ).toEqual({
      ok: false,
      error: 'users_not_found',
    });
    const over = await lookup();
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(50);
  });
});
