import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTeams, startFakeTeams } from '../../../../test/fakes/teams/fake-teams';
import { openUrls } from '../../../../test/fakes/teams/open-urls';
import { syncAs, testSecretBox } from '../../../../test/integration-test-kit';
import { ALICE, BEN, createTestApp, expectError, type TestApp } from '../../../../test/test-app';
import { judgeDevices } from '../../devices/judge-devices';
import type { NudgeCard } from '../kit/nudge-channel';
import { findIntegrationRow } from '../kit/repository';
import { openTokens } from '../kit/tokens';
import { adapterOf } from '../providers';
import { syncOf } from '../syncs';
import { teamsNudges } from './nudge-channel';
import { TeamsApiError } from './teams-api-error';

const ORIGIN = { origin: 'http://localhost:3000' };
/** Gives up at once: a test of what is thrown once the tries run out. */
const NO_WAIT = { attempts: 2, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 1_000 };

const CARD: NudgeCard = {
  title: '2 security tasks are overdue',
  intro: 'At brightwave.example, these are past their due date.',
  tasks: [
    {
      id: 'task-1',
      title: 'Turn on two-step login',
      due: 'overdue since 1 December',
      owner: 'Ben Carter',
      url: 'http://localhost:3000/tasks/task-1',
      actions: false,
    },
    {
      id: 'task-2',
      title: 'Update your laptop',
      due: 'due Thursday 3 December',
      url: 'http://localhost:3000/tasks/task-2',
      actions: true,
    },
  ],
  moreUrl: 'http://localhost:3000/team-progress',
  moreLabel: 'Open Company status',
};

describe('Microsoft Teams: workflow addresses pasted, nudges posted (fake Teams)', () => {
  let fake: FakeTeams;
  let server: TestApp;

  beforeAll(async () => {
    fake = await startFakeTeams({ people: [ALICE, BEN] });
    server = await createTestApp('pglite', { seed: true, env: { TEAMS_API_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    const alice = await server.signIn(ALICE);
    await server.inject({
      method: 'DELETE',
      url: '/api/integrations/teams',
      headers: { cookie: alice, ...ORIGIN },
    });
  });

  const connect = (cookie: string, credentials: Record<string, unknown>) =>
    server.inject({
      method: 'POST',
      url: '/api/integrations/teams/connect',
      headers: { cookie, ...ORIGIN },
      payload: { credentials },
    });
  const organizationOf = async (cookie: string): Promise<string> =>
    (await server.inject({ url: '/api/organization', headers: { cookie } })).json().id;

  /** The channel's inputs for the connected Teams of Alice's organisation. */
  async function sendInput(card: NudgeCard = CARD) {
    const alice = await server.signIn(ALICE);
    const row = await findIntegrationRow(server.database.db, await organizationOf(alice), 'teams');
    if (!row) throw new Error('Teams is not connected');
    const box = testSecretBox();
    const ctx = {
      db: server.database.db,
      config: server.config,
      box,
      log: server.app.log,
      devices: { judge: judgeDevices },
    };
    return { ctx, row, tokens: openTokens(box, row), card, signal: AbortSignal.timeout(30_000) };
  }

  const channel = () => adapterOf('teams')?.nudges ?? teamsNudges();

  it('connects with a workflow address by posting to the channel, keeps it sealed, and syncs', async () => {
    const alice = await server.signIn(ALICE);
    const res = await connect(alice, {
      channelWebhook: fake.addresses.channel,
      directWebhook: fake.addresses.direct,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'teams', status: 'connected', securityChecks: [] });
    expect(fake.posts()).toEqual([
      expect.objectContaining({ via: 'channel', delivered: true, recipient: null }),
    ]);
    expect(JSON.stringify(fake.posts()[0]?.card)).toContain(
      'Castellan is connected to this channel',
    );

    const row = await findIntegrationRow(server.database.db, await organizationOf(alice), 'teams');
    const sig = new URL(fake.addresses.channel).searchParams.get('sig') ?? '';
    expect(JSON.stringify(row)).not.toContain(sig);
    expect(row?.accountId).toBeNull();

    await syncAs(server, syncOf('teams'), alice);
    const synced = await findIntegrationRow(
      server.database.db,
      await organizationOf(alice),
      'teams',
    );
    expect(synced?.facts).toEqual({ direct: true });
    const card = (
      await server.inject({ url: '/api/integrations', headers: { cookie: alice } })
    ).json().teams;
    expect(card).toMatchObject({ status: 'connected', name: 'Microsoft Teams' });
  });

  it('refuses an address Teams does not accept, or that is not a Teams workflow, and saves nothing', async () => {
    const alice = await server.signIn(ALICE);
    const wrongSig = fake.addresses.channel.replace(/sig=[^&]+/, 'sig=not-the-signature');
    expect(expectError(await connect(alice, { channelWebhook: wrongSig }), 400)).toMatch(
      /Teams did not accept the channel workflow address’s signature/,
    );
    const noVersion = fake.addresses.channel.replace('api-version=2016-06-01&', '');
    expect(expectError(await connect(alice, { channelWebhook: noVersion }), 400)).toMatch(
      /as incomplete: copy it again whole/,
    );
    fake.remove('direct');
    expect(
      expectError(await connect(alice, { channelWebhook: fake.addresses.direct }), 400),
    ).toMatch(/Teams does not know this workflow/);
    const tried = fake.requests().length;
    const notTeams = fake.addresses.channel.replace(fake.url, 'https://hooks.attacker.example');
    expect(expectError(await connect(alice, { channelWebhook: notTeams }), 400)).toMatch(
      /only accepts workflow addresses under http:\/\/127\.0\.0\.1/,
    );
    const plainHttp = fake.addresses.channel.replace(fake.url, 'http://hooks.attacker.example');
    expect(expectError(await connect(alice, { channelWebhook: plainHttp }), 400)).toMatch(
      /Channel workflow address: Paste the whole address the workflow shows, starting with https:\/\//,
    );
    expect(
      expectError(
        await connect(alice, {
          channelWebhook: fake.addresses.channel,
          directWebhook: fake.addresses.channel,
        }),
        400,
      ),
    ).toMatch(/this is the channel’s address/);
    expect(fake.requests()).toHaveLength(tried);
    expect(fake.posts()).toEqual([]);
    const card = (
      await server.inject({ url: '/api/integrations', headers: { cookie: alice } })
    ).json().teams;
    expect(card.status).toBe('available');
  });

  it('says Teams could not be reached when it keeps answering 429, and saves nothing', async () => {
    const alice = await server.signIn(ALICE);
    fake.failNext('/workflows/', 429, { times: 5, retryAfterSeconds: 1 });
    const res = await connect(alice, { channelWebhook: fake.addresses.channel });
    expect(expectError(res, 503)).toMatch(
      /Microsoft Teams did not answer in time.*Nothing was saved/,
    );
  });

  it('posts the summary to the channel and a person’s nudge to them, each task a link', async () => {
    const alice = await server.signIn(ALICE);
    await connect(alice, {
      channelWebhook: fake.addresses.channel,
      directWebhook: fake.addresses.direct,
    });
    fake.clearPosts();

    const input = await sendInput();
    expect(await channel().post(input)).toEqual({ kind: 'sent', where: 'Microsoft Teams' });
    expect(await channel().direct({ ...input, recipient: { email: BEN } })).toEqual({
      kind: 'sent',
      where: 'Microsoft Teams',
    });
    const [summary, nudge] = fake.posts();
    expect(summary).toMatchObject({ via: 'channel', delivered: true, recipient: null });
    expect(nudge).toMatchObject({ via: 'direct', delivered: true, failure: null, recipient: BEN });
    for (const post of [summary, nudge]) {
      expect(openUrls(post?.card)).toEqual([
        { title: 'Open: Turn on two-step login', url: 'http://localhost:3000/tasks/task-1' },
        { title: 'Open: Update your laptop', url: 'http://localhost:3000/tasks/task-2' },
        { title: 'Open Company status', url: 'http://localhost:3000/team-progress' },
      ]);
    }
  });

  it('answers unreachable for a direct message without a direct-message workflow', async () => {
    const alice = await server.signIn(ALICE);
    await connect(alice, { channelWebhook: fake.addresses.channel });
    await syncAs(server, syncOf('teams'), alice);
    const input = await sendInput();
    expect(input.row.facts).toEqual({ direct: false });
    expect(await channel().direct({ ...input, recipient: { email: BEN } })).toEqual({
      kind: 'unreachable',
      reason: 'No direct-message workflow is set up for Microsoft Teams.',
    });
    expect(fake.posts()).toHaveLength(1);
  });

  it('waits out a 429 for its Retry-After, then posts', async () => {
    const alice = await server.signIn(ALICE);
    await connect(alice, { channelWebhook: fake.addresses.channel });
    fake.clearRequests();
    fake.failNext('/workflows/', 429, { retryAfterSeconds: 1 });
    const started = Date.now();
    expect(await channel().post(await sendInput())).toMatchObject({ kind: 'sent' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(fake.requests().map((r) => r.status)).toEqual([429, 202]);
    expect(fake.posts().at(-1)).toMatchObject({ delivered: true });
  });

  it('reads the legacy connector’s 200 "1", and its failures told in a 200 body', async () => {
    const alice = await server.signIn(ALICE);
    expect((await connect(alice, { channelWebhook: fake.addresses.connector })).statusCode).toBe(
      200,
    );
    expect(fake.requests().map((r) => r.status)).toEqual([200]);
    fake.failNext('/webhookb2/', 429, { times: 2 });
    const thrown = await teamsNudges(NO_WAIT)
      .post(await sendInput())
      .catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(TeamsApiError);
    expect(thrown).toMatchObject({ kind: 'rate_limited', httpStatus: 429 });
    expect((thrown as Error).message).toMatch(/Microsoft Teams endpoint returned HTTP error 429/);
    expect((thrown as Error).message).not.toContain(fake.url);
  });

  it('throws invalid_token once the workflow is removed, so the nudge goes by e-mail', async () => {
    const alice = await server.signIn(ALICE);
    await connect(alice, {
      channelWebhook: fake.addresses.channel,
      directWebhook: fake.addresses.direct,
    });
    fake.remove('channel');
    fake.remove('direct');
    const input = await sendInput();
    for (const send of [
      () => channel().post(input),
      () => channel().direct({ ...input, recipient: { email: BEN } }),
    ]) {
      const thrown = await send().catch((err: unknown) => err);
      expect(thrown).toBeInstanceOf(TeamsApiError);
      expect(thrown).toMatchObject({
        kind: 'invalid_token',
        httpStatus: 404,
        code: 'WorkflowNotFound',
      });
    }
  });
});
