import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeSlack,
  startFakeSlack,
  TEST_SIGNING_SECRET,
} from '../../../../test/fakes/slack/fake-slack';
import { TEST_CLIENT } from '../../../../test/fakes/test-client';
import { cookiesOf, syncAs, testSecretBox } from '../../../../test/integration-test-kit';
import { ALICE, createTestApp, type TestApp } from '../../../../test/test-app';
import { auditEvents, users, watchChanges, watchTargets } from '../../../db/schema';
import { recordEvidence } from '../../tasks/service';
import { deliverWatchAlert } from '../../watch/alerts';
import type { NudgeCard } from '../kit/nudge-channel';
import { findIntegrationRow, saveGrant } from '../kit/repository';
import { openTokens } from '../kit/tokens';
import { syncOf } from '../syncs';
import { slack } from './adapter';
import type { SlackFacts } from './facts';

const syncSlack = syncOf('slack');
const OLIVIA = 'olivia.parker@tidewater.example';
const LIAM = 'liam.brooks@tidewater.example';
const OMAR = 'omar.haddad@tidewater.example';
const WORKSPACE = {
  id: 'T0TIDEWATR1',
  name: 'Tidewater',
  people: [
    { email: OLIVIA, name: 'Olivia Parker' },
    { email: 'Liam.Brooks@tidewater.example', name: 'Liam Brooks', tz: 'Europe/Dublin' },
    { email: 'maya.chen@tidewater.example', name: 'Maya Chen' },
    // Omar Haddad has no Slack account; someone outside the organisation has one.
    { email: 'guest@partner.example', name: 'A Guest' },
  ],
  channels: ['security', 'general'],
};

type Task = { id: string; catalogueId: string; title: string; isCompleted: boolean; state: string };

describe('Slack (fake Slack)', () => {
  let fake: FakeSlack;
  let server: TestApp;

  beforeAll(async () => {
    fake = await startFakeSlack({
      workspace: WORKSPACE,
      redirectUris: ['http://localhost:3000/api/slack/install/callback'],
      // Presses reach the test app in this process.
      deliver: async ({ headers, body }) => {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/integrations/slack/interactions',
          headers,
          payload: body,
        });
        return { status: res.statusCode, body: res.body };
      },
    });
    server = await createTestApp('pglite', {
      seed: true,
      env: {
        SLACK_CLIENT_ID: TEST_CLIENT.id,
        SLACK_CLIENT_SECRET: TEST_CLIENT.secret,
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_API_BASE_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const get = (url: string, cookie: string) => server.inject({ url, headers: { cookie } });

  /** Waits for the first sync the install queued: what a test counts next is its own. */
  async function firstSyncDone(cookie: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await get('/api/integrations', cookie);
      const card = res.json().slack;
      if (!card) throw new Error(res.body);
      if (card.status !== 'connected') return;
      if (!['queued', 'running'].includes(card.sync.state)) {
        fake.clearRequests();
        return;
      }
      if (Date.now() > deadline) throw new Error('the first Slack sync did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The install: /api/slack/install, Slack's authorize page, the callback; resolves to where it lands. */
  async function connect(cookie: string, untick: string[] = []): Promise<string> {
    const start = await get('/api/slack/install', cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(fake.url);
    expect(authorize.pathname).toBe('/oauth/v2/authorize');
    expect(authorize.searchParams.get('scope')).toBe(
      'chat:write,users:read,users:read.email,im:write,incoming-webhook',
    );
    const page = await (await fetch(authorize)).text();
    const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const channel = /<option value="([^"]+)">#security</.exec(page)?.[1] ?? '';
    const form = new URLSearchParams({ request, action: 'allow', channel });
    for (const scope of authorize.searchParams.get('scope')?.split(',') ?? []) {
      if (!untick.includes(scope)) form.append('scope', scope);
    }
    const confirmed = await fetch(`${fake.url}/oauth/v2/authorize/confirm`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(confirmed.headers.get('location') ?? '');
    const back = await get(
      `${callback.pathname}${callback.search}`,
      `${cookie}; ${cookiesOf(start)}`,
    );
    expect(back.statusCode).toBe(302);
    await firstSyncDone(cookie);
    return back.headers.location as string;
  }

  async function connectAndSync() {
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia)).toBe('/integrations?slack=true');
    const organizationId = await syncAs(server, syncSlack, olivia);
    const row = await findIntegrationRow(server.database.db, organizationId, 'slack');
    if (!row) throw new Error('not connected');
    return { olivia, organizationId, row };
  }

  const tasksOf = async (cookie: string): Promise<Task[]> =>
    (await get('/api/actions', cookie)).json().tasks;

  const cardOf = (tasks: readonly Pick<Task, 'id' | 'title'>[]): NudgeCard => ({
    title: `${tasks.length} security tasks are due soon`,
    intro: 'Each takes a few minutes; the buttons answer from here.',
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      due: 'due Thursday 3 December',
      url: `http://localhost:3000/tasks/${encodeURIComponent(t.id)}`,
      actions: true,
    })),
    moreUrl: 'http://localhost:3000/tasks',
    moreLabel: 'All your tasks',
  });

  /** What the provider kit hands a channel, as the nudges job builds it. */
  const kitContext = () => ({
    db: server.database.db,
    config: server.config,
    box: testSecretBox(),
    log: server.app.log,
    devices: { judge: async () => {} },
  });

  /** Sends `email` the card as a direct message, as the nudges job would. */
  async function nudge(organizationId: string, email: string, card: NudgeCard) {
    const row = await findIntegrationRow(server.database.db, organizationId, 'slack');
    if (!row || !slack.nudges) throw new Error('not connected');
    return slack.nudges.direct({
      ctx: kitContext(),
      row,
      tokens: openTokens(testSecretBox(), row),
      card,
      recipient: { email },
      signal: new AbortController().signal,
    });
  }

  it('installs in the workspace: the bot token and the channel’s webhook sealed, the workspace its account', async () => {
    const { row } = await connectAndSync();
    expect(row).toMatchObject({
      status: 'connected',
      accountId: WORKSPACE.id,
      tokenExpiresAt: null,
    });
    expect(row.scopes).toEqual([
      'chat:write',
      'users:read',
      'users:read.email',
      'im:write',
      'incoming-webhook',
    ]);
    // Sealed: neither the token nor the webhook's address shows at rest.
    expect(row.accessTokenSealed).not.toMatch(/xoxb-|services/);
  });

  it('matches the members to Slack people by e-mail, counting those Slack does not have', async () => {
    const { olivia, row } = await connectAndSync();
    const facts = row.facts as SlackFacts;
    expect(facts.team).toEqual({ id: WORKSPACE.id, name: 'Tidewater' });
    expect(facts.channel).toEqual({ id: expect.stringMatching(/^C/), name: 'security' });
    expect(Object.keys(facts.people).sort()).toEqual([LIAM, 'maya.chen@tidewater.example', OLIVIA]);
    expect(facts.people[LIAM]).toEqual({ id: expect.stringMatching(/^U/), tz: 'Europe/Dublin' });
    expect(facts.notFound).toBe(1);
    // Slack's time zone serves a member whose browser has not told one.
    const [liam] = await server.database.db
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(eq(users.email, LIAM));
    expect(liam?.timeZone).toBe('Europe/Dublin');
    const card = (await get('/api/integrations', olivia)).json().slack;
    expect(card).toMatchObject({ status: 'connected', securityChecks: [] });
    expect((await get('/api/integrations/slack/workspace', olivia)).json()).toEqual({
      name: 'Tidewater',
      channel: 'security',
      found: 3,
      notFound: 1,
    });
    // Only the members were looked up, one at a time.
    const lookups = fake.requests().filter((r) => r.path === '/api/users.lookupByEmail');
    expect(lookups.map((r) => r.params.email).sort()).toEqual(
      [LIAM, 'maya.chen@tidewater.example', OMAR, OLIVIA].sort(),
    );
  });

  it('sends a nudge as a direct message with the two buttons, and the summary to the channel', async () => {
    const { organizationId, row } = await connectAndSync();
    const card = cardOf([{ id: 'enable-mfa:x', title: 'Turn on two-step verification' }]);
    expect(await nudge(organizationId, LIAM, card)).toEqual({ kind: 'sent', where: 'Slack' });
    expect(await nudge(organizationId, OMAR, card)).toEqual({
      kind: 'unreachable',
      reason: 'No one in the Slack workspace has this e-mail address.',
    });
    const [message] = fake.messages();
    const liam = (row.facts as SlackFacts).people[LIAM]?.id;
    expect(message).toMatchObject({ recipient: liam, via: 'chat.postMessage' });
    expect(message?.text).toBe(`${card.title}: ${card.intro}`);
    expect(message?.blocks).toContainEqual({
      type: 'actions',
      block_id: 'task:enable-mfa:x',
      elements: [
        {
          type: 'button',
          action_id: 'task_done',
          text: { type: 'plain_text', text: 'Done, check again' },
          value: 'enable-mfa:x',
          style: 'primary',
        },
        {
          type: 'button',
          action_id: 'task_snooze',
          text: { type: 'plain_text', text: 'Snooze a week' },
          value: 'enable-mfa:x',
        },
      ],
    });
    expect(JSON.stringify(message?.blocks)).toContain(
      '<http://localhost:3000/tasks/enable-mfa%3Ax|Turn on two-step verification>\\ndue Thursday 3 December',
    );

    const posted = await slack.nudges?.post({
      ctx: kitContext(),
      row,
      tokens: openTokens(testSecretBox(), row),
      card: {
        ...card,
        tasks: card.tasks.map((t) => ({ ...t, actions: false, owner: 'Liam Brooks' })),
      },
      signal: new AbortController().signal,
    });
    expect(posted).toEqual({ kind: 'sent', where: 'Slack' });
    const summary = fake.messages()[1];
    expect(summary).toMatchObject({
      via: 'incoming-webhook',
      channel: (row.facts as SlackFacts).channel?.id,
    });
    expect(JSON.stringify(summary?.blocks)).not.toContain('"actions"');
    expect(JSON.stringify(summary?.blocks)).toContain('Liam Brooks');
  });

  it("posts the watch's alert of a change for the worse to the chosen channel, once", async () => {
    const { olivia, organizationId } = await connectAndSync();
    const chosen = await server.inject({
      method: 'PUT',
      url: '/api/nudges/settings',
      headers: { cookie: olivia },
      payload: { enabled: true, channel: 'slack' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { db } = server.database;
    const [own] = await db
      .select({ id: watchTargets.id })
      .from(watchTargets)
      .where(
        and(eq(watchTargets.organizationId, organizationId), eq(watchTargets.kind, 'primary')),
      );
    const [change] = await db
      .insert(watchChanges)
      .values({
        organizationId,
        targetId: own?.id ?? '',
        scanId: randomUUID(),
        kind: 'record-changed',
        key: 'record:dmarc:0123456789ab',
        direction: 'worse',
        summary: 'DMARC policy weakened from reject to none.',
        catalogueId: 'email-dmarc',
        before: 'v=DMARC1; p=reject',
        after: 'v=DMARC1; p=none',
        detectedAt: new Date(),
      })
      .returning({ id: watchChanges.id });
    const signal = new AbortController().signal;
    const nudges = server.app.jobs.nudges;
    expect(await deliverWatchAlert(nudges, change?.id ?? '', signal)).toEqual({ status: 'sent' });
    // The job run again (a retry, another process): nothing more is posted.
    expect(await deliverWatchAlert(nudges, change?.id ?? '', signal)).toEqual({
      status: 'already sent',
    });
    const posts = fake.messages().filter((m) => m.via === 'incoming-webhook');
    expect(posts).toHaveLength(1);
    const blocks = JSON.stringify(posts[0]?.blocks);
    expect(blocks).toContain('DMARC policy weakened from reject to none.');
    expect(blocks).toContain('Stop e-mail spoofing with DMARC');
    expect(blocks).toContain('http://localhost:3000/risk-analysis?tab=watch');
  });

  it('"Snooze a week" snoozes the member’s own task and replaces the message', async () => {
    const { organizationId } = await connectAndSync();
    const liam = await server.signIn(LIAM);
    const [task, other] = (await tasksOf(liam)).filter((t) => !t.isCompleted);
    if (!task || !other) throw new Error('Liam has no open tasks');
    await nudge(organizationId, LIAM, cardOf([task, other]));

    const press = await fake.press({ actionId: 'task_snooze', value: task.id });
    expect(press.answer).toEqual({ status: 200, body: '' });
    expect(press.responses).toHaveLength(1);
    const reply = press.responses[0]?.body;
    expect(reply).toMatchObject({
      replace_original: true,
      text: expect.stringMatching(/^Snoozed: /),
    });
    const [message] = fake.messages();
    expect(message?.replaced).toBe(true);
    // The snoozed task's buttons gave way to what was done; the other task keeps its own.
    const blocks = JSON.stringify(message?.blocks);
    expect(blocks).not.toContain(`"task:${task.id}"`);
    expect(blocks).toContain(`"task:${other.id}"`);
    expect((await tasksOf(liam)).find((t) => t.id === task.id)?.state).toBe('snoozed');
    const [event] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'integration.slack.task_snoozed'));
    expect(event).toMatchObject({ organizationId, actorEmail: LIAM });
  });

  it('"Done, check again" completes a task done by hand, and says why when a check still fails', async () => {
    const { organizationId } = await connectAndSync();
    const liam = await server.signIn(LIAM);
    const [manual, checked] = (await tasksOf(liam)).filter((t) => !t.isCompleted);
    if (!manual || !checked) throw new Error('Liam has no open tasks');
    // Microsoft 365 (connected) finds the second one not done.
    await saveGrant(server.database.db, {
      organizationId,
      integrationId: 'm365',
      status: 'connected',
      accountEmail: null,
      connectedById: null,
      accessTokenSealed: null,
      refreshTokenSealed: null,
      tokenExpiresAt: null,
      scopes: [],
    });
    const liamId = checked.id.slice(checked.id.lastIndexOf(':') + 1);
    await recordEvidence(
      server.database.db,
      organizationId,
      'm365',
      [
        {
          catalogueId: checked.catalogueId,
          userId: liamId,
          verdict: 'fail',
          detail: 'Not enrolled.',
        },
      ],
      new Date(),
    );
    await nudge(organizationId, LIAM, cardOf([manual, checked]));

    const done = await fake.press({ actionId: 'task_done', value: manual.id });
    expect(done.responses[0]?.body).toMatchObject({
      replace_original: true,
      text: expect.stringMatching(/^Done: /),
    });
    expect((await tasksOf(liam)).find((t) => t.id === manual.id)?.isCompleted).toBe(true);

    const failing = await fake.press({ actionId: 'task_done', value: checked.id });
    expect(failing.responses[0]?.body.text).toBe(
      'Not done yet: Microsoft 365 says this is not done yet. Not enrolled. Fix it there; the next sync checks again. Castellan checks again now and at every sync.',
    );
    expect((await tasksOf(liam)).find((t) => t.id === checked.id)?.isCompleted).toBe(false);
    const actions = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.actorEmail, LIAM)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'integration.slack.task_done',
        'integration.slack.task_still_failing',
      ]),
    );
  });

  it('refuses a forged signature, a stale timestamp, and a press for another organisation’s task', async () => {
    const { organizationId } = await connectAndSync();
    const liam = await server.signIn(LIAM);
    const [task] = (await tasksOf(liam)).filter((t) => !t.isCompleted);
    const [aliceTask] = (await tasksOf(await server.signIn(ALICE))).filter((t) => !t.isCompleted);
    if (!task || !aliceTask) throw new Error('no open tasks');
    await nudge(organizationId, LIAM, cardOf([task, aliceTask]));

    for (const tamper of ['signature', 'stale'] as const) {
      const press = await fake.press({ actionId: 'task_snooze', value: task.id, tamper });
      expect(press.answer.status).toBe(401);
      expect(JSON.parse(press.answer.body).error).toMatch(/signature|too old/);
      expect(press.responses).toEqual([]);
    }
    expect((await tasksOf(liam)).find((t) => t.id === task.id)?.state).toBe('open');

    // Liam pressing a button naming Alice's task (Brightwave's), and a guest pressing Liam's.
    const foreign = await fake.press({ actionId: 'task_done', value: aliceTask.id });
    const guest = fake.workspace().people.find((p) => p.email === 'guest@partner.example')?.id;
    const notMember = await fake.press({
      actionId: 'task_snooze',
      value: task.id,
      userId: guest ?? '',
    });
    for (const press of [foreign, notMember]) {
      expect(press.answer.status).toBe(200);
      expect(press.responses[0]?.body).toMatchObject({
        response_type: 'ephemeral',
        replace_original: false,
        text: expect.stringMatching(/^Castellan did not do that/),
      });
    }
    expect(
      (await tasksOf(await server.signIn(ALICE))).find((t) => t.id === aliceTask.id)?.isCompleted,
    ).toBe(false);
    expect((await tasksOf(liam)).find((t) => t.id === task.id)?.state).toBe('open');
    expect(fake.messages()[0]?.replaced).toBe(false);
  });

  it('waits out a 429 for its Retry-After', async () => {
    const olivia = await server.signIn(OLIVIA);
    await connect(olivia);
    fake.failNext('/api/users.lookupByEmail', 429, { retryAfterSeconds: 1 });
    const organizationId = await syncAs(server, syncSlack, olivia);
    const lookups = fake.requests().filter((r) => r.path === '/api/users.lookupByEmail');
    expect(lookups.map((r) => r.status)).toEqual([429, 200, 200, 200, 200]);
    const [refused, retried] = lookups;
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const row = await findIntegrationRow(server.database.db, organizationId, 'slack');
    expect(row?.syncState).toBe('idle');
  });

  it('a revoked token is invalid_token: the integration asks to be reconnected', async () => {
    const { olivia, organizationId } = await connectAndSync();
    fake.revokeTokens();
    await expect(
      nudge(
        organizationId,
        LIAM,
        cardOf([{ id: 'enable-mfa:x', title: 'Turn on two-step verification' }]),
      ),
    ).rejects.toMatchObject({ kind: 'invalid_token', code: 'token_revoked' });
    await syncAs(server, syncSlack, olivia);
    const card = (await get('/api/integrations', olivia)).json().slack;
    expect(card).toMatchObject({ status: 'invalid_token', sync: { state: 'failed' } });
  });

  it('a grant without every scope is permission_missing and given back', async () => {
    const olivia = await server.signIn(OLIVIA);
    expect(await connect(olivia, ['users:read.email'])).toBe('/integrations?slack=true');
    expect((await get('/api/integrations', olivia)).json().slack.status).toBe('permission_missing');
    expect(fake.requests().map((r) => r.path)).toEqual([
      '/oauth/v2/authorize',
      '/oauth/v2/authorize/confirm',
      '/api/oauth.v2.access',
      '/api/auth.revoke',
    ]);
  });
});
