// How fast nudges go out through Slack: one direct message to each of 200 people through the Slack
// adapter's `nudges.direct` (the real client: its Retry-After waits, and the pause every call of
// the organisation waits out after a 429), 4 at a time as the nudge-send job runs them, to the fake
// Slack in this process with every answer delayed 50 ms. Each message is two calls:
// conversations.open, then chat.postMessage. The fake's limits (test/fakes/slack/web-api.ts, [MEM]
// beyond Slack's published "Tier 3: 50+ a minute" and "about one message a second per channel"):
// conversations.open 50 a minute per workspace, chat.postMessage one a second per channel and 300
// a minute per workspace, over a sliding minute. Run alone: `npx tsx bench/slack-throughput.ts`.

import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { integrations, organizations } from '../apps/server/src/db/schema';
import { SecretBox } from '../apps/server/src/lib/secret-box';
import { judgeDevices } from '../apps/server/src/modules/devices/judge-devices';
import type { NudgeCard } from '../apps/server/src/modules/integrations/kit/nudge-channel';
import { slackNudges } from '../apps/server/src/modules/integrations/slack/nudges';
import { SlackApiError } from '../apps/server/src/modules/integrations/slack/slack-api-error';
import { sealedSlackGrant } from '../apps/server/src/modules/integrations/slack/stored-grant';
import { personCard } from '../apps/server/src/modules/nudges/card';
import { startFakeSlack, TEST_SIGNING_SECRET } from '../apps/server/test/fakes/slack/fake-slack';
import { SLACK_RATES } from '../apps/server/test/fakes/slack/web-api';
import { TEST_CLIENT } from '../apps/server/test/fakes/test-client';
import { silentLog } from '../apps/server/test/silent-log';
import { round } from './provider-read';

const DOMAIN = 'slack-bench.example';
/** As the nudge-send job (jobs/nudge-sends.ts): four sends at a time. */
const CONCURRENCY = 4;
const MINUTE_MS = 60_000;

export type SlackThroughputFigures = {
  people: number;
  concurrency: number;
  latencyMs: number;
  sent: number;
  /** Nudges the client gave up on after its retries; the job tries those again about a minute later. */
  gaveUp: number;
  wallMs: number;
  messagesPerSecond: number;
  /** Calls to the fake, and those it answered 429, by method. */
  calls: { method: string; calls: number; tooMany: number }[];
  /** The earliest the last message can go under the fake's limits. */
  floorMs: number;
  /** The fake's limits during the run. */
  rates: typeof SLACK_RATES;
};

/**
 * The earliest the last of `n` calls can be made when at most `perMinute` go in any sliding
 * minute: call k (from 0) waits for call k − perMinute to leave the window.
 */
const floorOf = (n: number, perMinute: number) => Math.floor((n - 1) / perMinute) * MINUTE_MS;

export async function measureSlackThroughput(
  opts = { people: 200, latencyMs: 50 },
): Promise<SlackThroughputFigures> {
  const people = Array.from({ length: opts.people }, (_, i) => ({
    email: `member.${i}@${DOMAIN}`,
    name: `Person${i} Bench`,
  }));
  const fake = await startFakeSlack({
    workspace: { name: 'Slack Bench', people },
    latencyMs: opts.latencyMs,
  });
  // The adapter's context needs a database; nothing in a direct message reads it.
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SLACK_CLIENT_ID: TEST_CLIENT.id,
      SLACK_CLIENT_SECRET: TEST_CLIENT.secret,
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_API_BASE_URL: fake.url,
    });
    const workspace = fake.workspace();
    // What an install and a sync leave: the bot token, and everyone found by e-mail.
    const facts = {
      team: { id: workspace.id, name: workspace.name },
      channel: null,
      people: Object.fromEntries(
        workspace.people.map((p) => [p.email.toLowerCase(), { id: p.id, tz: p.tz }]),
      ),
      notFound: 0,
    };
    const [org] = await database.db
      .insert(organizations)
      .values({ domain: DOMAIN, status: 'REGISTERED', nudgeChannel: 'slack' })
      .returning({ id: organizations.id });
    if (!org) throw new Error('bench organisation not created');
    const [row] = await database.db
      .insert(integrations)
      .values({
        organizationId: org.id,
        integrationId: 'slack',
        status: 'connected',
        accountId: workspace.id,
        facts,
      })
      .returning();
    if (!row) throw new Error('Slack integration not created');
    const tokens = {
      accessToken: sealedSlackGrant({ botToken: fake.issueToken(), webhook: null }),
      refreshToken: null,
      expiresAt: null,
    };
    const ctx = {
      db: database.db,
      config,
      box: new SecretBox(Buffer.alloc(32, 5)),
      log: silentLog(),
      devices: { judge: judgeDevices },
    };
    const now = new Date();
    const card: NudgeCard = personCard(
      config.publicUrl,
      ['enable-mfa', 'use-password-manager', 'update-devices'].map((id, i) => ({
        id: `${id}:bench`,
        title: `Bench task ${i + 1}`,
        dueAt: new Date(now.getTime() + (i + 1) * 86_400_000).toISOString(),
      })),
      now,
      'Europe/London',
    );

    fake.clearRequests();
    let next = 0;
    let sent = 0;
    let gaveUp = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < people.length; i = next++) {
        const recipient = { email: people[i]?.email ?? '' };
        const signal = AbortSignal.timeout(5 * MINUTE_MS);
        try {
          const delivery = await slackNudges.direct({ ctx, row, tokens, card, recipient, signal });
          if (delivery.kind !== 'sent') throw new Error(`not sent: ${delivery.reason}`);
          sent += 1;
        } catch (err) {
          // The client's retries ran out on 429s: the job would try again later.
          if (!(err instanceof SlackApiError && err.kind === 'rate_limited')) throw err;
          gaveUp += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wallMs = performance.now() - started;

    const byMethod = new Map<string, { calls: number; tooMany: number }>();
    for (const r of fake.requests()) {
      const m = byMethod.get(r.path) ?? { calls: 0, tooMany: 0 };
      m.calls += 1;
      if (r.status === 429) m.tooMany += 1;
      byMethod.set(r.path, m);
    }
    const rates = SLACK_RATES;
    return {
      people: opts.people,
      concurrency: CONCURRENCY,
      latencyMs: opts.latencyMs,
      sent,
      gaveUp,
      wallMs: Math.round(wallMs),
      messagesPerSecond: round(sent / (wallMs / 1000), 2),
      calls: [...byMethod].map(([method, m]) => ({ method, ...m })),
      floorMs: Math.max(
        floorOf(opts.people, rates.tier3PerMinute),
        floorOf(opts.people, rates.postsPerWorkspacePerMinute),
      ),
      rates,
    };
  } finally {
    await database.close();
    await fake.close();
  }
}

export function slackThroughputTable(f: SlackThroughputFigures): string[][] {
  return [
    ['  People', 'At once', 'Sent', 'Gave up', 'Time', 'Msgs/s', 'Floor', 'Calls (429s)'],
    [
      `  ${f.people}`,
      String(f.concurrency),
      String(f.sent),
      String(f.gaveUp),
      `${(f.wallMs / 1000).toFixed(1)} s`,
      f.messagesPerSecond.toFixed(2),
      `${(f.floorMs / 1000).toFixed(0)} s`,
      f.calls.map((c) => `${c.method.replace('/api/', '')} ${c.calls} (${c.tooMany})`).join(', '),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./provider-read');
  const figures = await measureSlackThroughput();
  printTable(slackThroughputTable(figures));
}
