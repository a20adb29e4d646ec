import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { type FakeCrtsh, startFakeCrtsh } from '../../server/test/fakes/crtsh/fake-crtsh';
import { startHeldDnsServer } from '../../server/test/fakes/held-dns-server';
import { copyOfTemplate } from '../../server/test/postgres-admin';
import { test as base, expect, openAppAs, seriousViolations } from './helpers';
import {
  freePort,
  postgresEnv,
  serverEnv,
  startServer,
  stopServer,
  TEMPLATE_DATABASE_ENV,
  TEMPLATE_DIR_ENV,
} from './stack';

// The risk analysis's Watch tab (administrators): what is watched and how often, adding and
// removing a name, the timeline of changes, and names found in certificate logs.
//
// It runs on a server of its own instead of the worker's (stack.ts), for three things that one
// cannot give: the demo domains end in `.example`, which the watch refuses to add unless
// SCAN_ALLOW_PRIVATE lets reserved names through; the certificate search must reach a fake
// crt.sh (CT_API_BASE_URL); and the timeline's changes, which only a finished scan of the internet
// records, are written into the database before the server starts.

const ADMIN = 'Alice Morgan';
const MEMBER = 'Ben Carter';
const DOMAIN = 'brightwave.example';
const WATCH = '/risk-analysis?tab=watch';
const DAY = 86_400_000;

const WORSE = `The DMARC policy of ${DOMAIN} changed from reject to none.`;
const BETTER = `www.${DOMAIN} now tells browsers to use HTTPS only.`;
/** A record too long for a phone's width unless it wraps. */
const LONG_RECORD = `v=DMARC1; p=reject; rua=mailto:dmarc-aggregate-reports-${'x'.repeat(60)}@${DOMAIN}`;

type Query = (sql: string, values?: unknown[]) => Promise<unknown>;

/**
 * Brightwave's timeline: a change for the worse an hour ago (administrators told), one for the
 * better two days ago. And no scheduled scan while the spec runs: every name is due days later.
 */
async function seedTimeline(query: Query): Promise<void> {
  await query(`update watch_targets set next_scan_at = now() + interval '2 days'`);
  const now = Date.now();
  const changes = [
    {
      kind: 'check-worse',
      direction: 'worse',
      summary: WORSE,
      catalogueId: 'email-dmarc',
      before: LONG_RECORD,
      after: 'v=DMARC1; p=none',
      detectedAt: new Date(now - 3600_000),
      alertedAt: new Date(now - 3500_000),
    },
    {
      kind: 'header-changed',
      direction: 'better',
      summary: BETTER,
      catalogueId: null,
      before: null,
      after: 'max-age=31536000; includeSubDomains',
      detectedAt: new Date(now - 2 * DAY),
      alertedAt: null,
    },
  ];
  for (const [i, c] of changes.entries()) {
    await query(
      `insert into watch_changes (organization_id, target_id, scan_id, kind, key, direction,
         summary, catalogue_id, before, after, detected_at, alerted_at)
       select t.organization_id, t.id, gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9
       from watch_targets t join organizations o on o.id = t.organization_id
       where o.domain = $10 and t.kind = 'primary'`,
      [
        c.kind,
        `e2e:${i}`,
        c.direction,
        c.summary,
        c.catalogueId,
        c.before,
        c.after,
        c.detectedAt.toISOString(),
        c.alertedAt?.toISOString() ?? null,
        DOMAIN,
      ],
    );
  }
}

type WatchServer = {
  origin: string;
  crtsh: FakeCrtsh;
  stop(): Promise<void>;
};

/** Seeds the copy's database: PostgreSQL when the run has one, else PGlite in the data folder. */
async function seedDatabase(
  dataDir: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    try {
      await seedTimeline((sql, values) => db.query(sql, values));
    } finally {
      await db.close();
    }
    return null;
  }
  const [adminUrl, name] = template.split('#') as [string, string];
  const database = await copyOfTemplate(adminUrl, name);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await seedTimeline((sql, values) => client.query(sql, values));
  } catch (err) {
    await database.drop();
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
  return database;
}

/**
 * The built server on a copy of the seeded demo data, pointed at a fake crt.sh and at a DNS
 * server that refuses every query (a scan fails at once instead of waiting on the internet).
 */
async function startWatchServer(): Promise<WatchServer> {
  const template = process.env[TEMPLATE_DIR_ENV];
  if (!template) throw new Error('The browser tests run through playwright.config.ts only.');
  const crtsh = await startFakeCrtsh();
  const dns = await startHeldDnsServer();
  dns.release();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-watch-'));
  let database: Awaited<ReturnType<typeof seedDatabase>> = null;
  let server: ChildProcess | null = null;
  const stop = async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await database?.drop();
    await crtsh.close();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    cpSync(template, dataDir, { recursive: true });
    database = await seedDatabase(dataDir);
    // A port found free can be taken by another process before the server binds it: try again.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        server = await startServer({
          ...serverEnv(port, dataDir),
          ...(database && postgresEnv(database.url)),
          ...crtsh.serverEnv(),
          SCAN_ALLOW_PRIVATE: '1',
          SCAN_DNS_SERVERS: dns.server,
        });
        return { origin: `http://127.0.0.1:${port}`, crtsh, stop };
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** This file's server, started by its first test and stopped after the last. */
let starting: Promise<WatchServer> | null = null;

const test = base.extend<{ watchServer: WatchServer }>({
  watchServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      starting ??= startWatchServer();
      await use(await starting);
    },
    // Starting the product takes a few seconds: not counted against the test's own time.
    { timeout: 120_000 },
  ],
  // This file's server instead of the worker's, which is then not started for it.
  baseURL: async ({ watchServer }, use) => {
    await use(watchServer.origin);
  },
});

test.afterAll(async () => {
  const stopping = starting;
  starting = null;
  await stopping?.then((server) => server.stop()).catch(() => {});
});

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Risk analysis views' });
const watchedList = (page: Page) => page.getByRole('list', { name: 'Watched names' });
const watched = (page: Page, name: string) =>
  watchedList(page).getByRole('listitem', { name, exact: true });
const timeline = (page: Page) => page.getByRole('list', { name: 'Changes' });

async function openWatch(page: Page): Promise<void> {
  await openAppAs(page, ADMIN, WATCH);
  await expect(tabs(page).getByRole('tab', { name: 'Watch' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(watched(page, DOMAIN)).toBeVisible();
}

test('an administrator sees the own domain watched and chooses a weekly scan', async ({ page }) => {
  await openWatch(page);
  await expect(page.getByRole('heading', { level: 2, name: 'What is watched' })).toBeVisible();
  const own = watched(page, DOMAIN);
  await expect(own).toContainText('Your domain');
  await expect(own).toContainText('Registered');
  await expect(own).toContainText(/Next scan/);
  // The organisation's own domain is always watched.
  await expect(own.getByRole('button', { name: /^Stop watching/ })).toHaveCount(0);
  await expect(timeline(page).getByRole('listitem')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  const often = page.getByRole('combobox', { name: 'How often' });
  await expect(often).toHaveValue('daily');
  await often.selectOption('weekly');
  await expect(page.getByText('The watched names are scanned every week')).toBeVisible();
  await expect(often).toBeEnabled();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'How often' })).toHaveValue('weekly');
});

test('a name is refused with the server’s reason, another added and then no longer watched', async ({
  page,
}) => {
  await openWatch(page);
  const input = page.getByRole('textbox', { name: 'Domain or subdomain' });
  const add = page.getByRole('button', { name: 'Watch it', exact: true });

  await input.fill('not a domain');
  await add.click();
  await expect(input).toHaveAccessibleDescription(
    '"not a domain" is not a domain name, for example example.com.',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveValue('not a domain');

  const shop = `shop.${DOMAIN}`;
  await input.fill(shop);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await input.press('Enter');
  await expect(page.getByText(`${shop} is watched now`)).toBeVisible();
  await expect(input).toHaveValue('');
  const row = watched(page, shop);
  await expect(row).toContainText('Subdomain');
  await expect(row).toContainText('Added by an administrator');
  await expect(page.getByText('1 of 20 extra names')).toBeVisible();
  // Scanned at once; this server's DNS refuses every query, so the scan fails, and the page,
  // asking again while it runs, says so.
  await expect(row.getByText(`The last scan failed: The DNS servers of ${shop}`)).toBeVisible({
    timeout: 30_000,
  });

  await row.getByRole('button', { name: `Stop watching ${shop}` }).click();
  const confirm = page.getByRole('dialog', { name: `Stop watching ${shop}?` });
  await confirm.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByText(`${shop} is no longer watched`)).toBeVisible();
  await expect(watched(page, shop)).toHaveCount(0);
  await expect(page.getByText('0 of 20 extra names')).toBeVisible();
  await page.reload();
  await expect(watched(page, DOMAIN)).toBeVisible();
  await expect(watched(page, shop)).toHaveCount(0);
});

test('the timeline shows the newest change first, its task and whom it alerted', async ({
  page,
}) => {
  await openWatch(page);
  const items = timeline(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Worse');
  await expect(items.nth(0)).toContainText(WORSE);
  await expect(items.nth(0)).toContainText(/Administrators told/);
  await expect(items.nth(1)).toContainText('Better');
  await expect(items.nth(1)).toContainText(BETTER);
  await expect(items.nth(1)).not.toContainText('Administrators told');
  await expect(items.nth(1).getByRole('link')).toHaveCount(0);

  await items.nth(0).getByText('Before and after').click();
  await expect(items.nth(0)).toContainText(LONG_RECORD);
  await expect(items.nth(0)).toContainText('v=DMARC1; p=none');

  await items
    .nth(0)
    .getByRole('link', { name: `Open the task: ${WORSE}` })
    .click();
  await expect(page).toHaveURL(/\/tasks\/email-dmarc%3A[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog', { name: 'Stop e-mail spoofing with DMARC' })).toBeVisible();
});

test('a name found in certificate logs is watched from the suggestions', async ({
  page,
  watchServer,
}) => {
  const app = `app.${DOMAIN}`;
  const now = Date.now();
  watchServer.crtsh.addCertificate({
    names: [app],
    notBefore: new Date(now - 10 * DAY),
    notAfter: new Date(now + 80 * DAY),
  });
  await openWatch(page);
  const found = page.getByRole('region', { name: 'Found in certificate logs' });
  await found.getByRole('button', { name: 'Search certificate logs' }).click();
  const names = found.getByRole('list', { name: 'Names found in certificate logs' });
  await expect(names.getByRole('listitem')).toHaveText([new RegExp(`^${app}First seen`)], {
    timeout: 30_000,
  });

  await names.getByRole('button', { name: `Watch it: ${app}` }).click();
  await expect(page.getByText(`${app} is watched now`)).toBeVisible();
  const row = watched(page, app);
  await expect(row).toContainText('Subdomain');
  await expect(row).toContainText('Found in certificate logs');
  // Watched now, it is no longer offered.
  await expect(found).toContainText('No other names found.');
});

test('a member has no Watch tab, and its address shows the summary', async ({ page }) => {
  await openAppAs(page, MEMBER, WATCH);
  await expect(tabs(page).getByRole('tab', { name: 'Summary' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tabs(page).getByRole('tab')).toHaveText(['Summary', /^Domain report/]);
  await expect(page.getByRole('heading', { name: 'What is watched' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the Watch tab fits the width', async ({ page }) => {
    await openWatch(page);
    const items = timeline(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await items.nth(0).getByText('Before and after').click();
    await expect(items.nth(0)).toContainText(LONG_RECORD);
    await expect(
      page.getByRole('button', { name: /Search certificate logs|Search again/ }),
    ).toBeVisible();
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
  });
});
