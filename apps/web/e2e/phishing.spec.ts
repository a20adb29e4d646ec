import type { Browser, Page, Request } from '@playwright/test';
import nodemailer from 'nodemailer';
import { filesContaining } from '../../server/test/files-containing';
import {
  test as base,
  consentCookie,
  expect,
  openAppAs,
  openTask,
  seriousViolations,
} from './helpers';
import {
  type OutboxMail,
  type PhishingServer,
  readOutbox,
  startPhishingServer,
  withDatabase,
} from './phishing-server';

// Phishing practice from end to end: an administrator starts a campaign, the messages go out,
// a mail scanner and a person open one, the person types into the page and reads the lesson,
// another reports hers by e-mail, and the results reach the administrator's page and the
// person's task. What was typed must reach neither the server nor its files.
//
// It runs on a server of its own (phishing-server.ts): always PGlite in its data folder, so that
// the messages can be made due while it is stopped and the folder searched at the end.

const ADMIN = 'Alice Morgan';
const MEMBER = 'Ben Carter';
const ADMIN_EMAIL = 'alice.morgan@brightwave.example';
const MEMBER_EMAIL = 'ben.carter@brightwave.example';
const CANARY = 'Hunter2-canary-e2e-7731';
/** A person's desktop browser: no "Headless" in it. */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const THANKS_SUBJECT = 'Well spotted: that was a practice message';

let starting: Promise<PhishingServer> | null = null;

const test = base.extend<{ phishingServer: PhishingServer }>({
  phishingServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      starting ??= startPhishingServer();
      await use(await starting);
    },
    // Starting the product takes a few seconds: not counted against the test's own time.
    { timeout: 150_000 },
  ],
  baseURL: async ({ phishingServer }, use) => {
    await use(phishingServer.origin);
  },
});

test.afterAll(async () => {
  const stopping = starting;
  starting = null;
  await stopping?.then((server) => server.remove()).catch(() => {});
});

const practiceMails = (server: PhishingServer) =>
  readOutbox(server.dataDir).filter((mail) => mail.header('x-castellan-practice'));

function mailTo(mails: OutboxMail[], address: string): OutboxMail {
  const mail = mails.find((m) => m.header('to')?.includes(address));
  if (!mail) throw new Error(`No practice message to ${address} in the outbox.`);
  return mail;
}

function practiceLinkOf(mail: OutboxMail): string {
  const link = /https?:\/\/[^\s"<>]+\/practice\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/.exec(mail.text);
  if (!link) throw new Error(`No practice link in ${mail.file}.`);
  return link[0];
}

/**
 * Opens the link in a browser context of its own (Playwright's headless user agent unless one is
 * given); gives the page, every request it made, and whether the server counted its `open` step.
 */
async function openPractice(browser: Browser, link: string, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  await context.addCookies([consentCookie('necessary', new URL(link).origin)]);
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const opened = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/open'),
  );
  await page.goto(link);
  const answer = (await (await opened).json()) as { counted: boolean };
  return { context, page, requests, counted: answer.counted };
}

/** Whether `text` appears in anything a request carried: its address, headers or body. */
async function carries(request: Request, text: string): Promise<boolean> {
  const headers = await request.headersArray();
  const body = request.postDataBuffer();
  return (
    request.url().includes(text) ||
    headers.some((h) => h.name.includes(text) || h.value.includes(text)) ||
    (body?.includes(text) ?? false)
  );
}

const campaignRow = (page: Page) =>
  page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: /^Overdue invoice, / });

test('a campaign goes out, is clicked, typed into, reported and learnt from, and nothing typed is kept', async ({
  page,
  browser,
  phishingServer: server,
}) => {
  test.setTimeout(120_000);

  await test.step('an administrator confirms and starts a campaign', async () => {
    await openAppAs(page, ADMIN, '/phishing');
    await expect(page.getByRole('heading', { level: 1, name: 'Phishing practice' })).toBeVisible();
    await page
      .getByRole('checkbox', { name: 'I confirm that this is true for my organisation' })
      .check();
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Permission to run practice' })).toBeVisible();
    await expect(page.getByText(`Confirmed by ${ADMIN_EMAIL}`)).toBeVisible();

    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByRole('radio', { name: /^Overdue invoice/ }).click();
    await expect(form.getByRole('radio', { name: 'Everyone' })).toBeChecked();
    await form.getByRole('radio', { name: 'Within an hour' }).check();
    await form.getByRole('button', { name: 'Start campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start this campaign?' });
    await expect(confirm).toContainText('within an hour');
    await confirm.getByRole('button', { name: 'Start campaign' }).click();
    await expect(page.getByText('The campaign has started')).toBeVisible();
    await expect(campaignRow(page)).toContainText('Sending');
    await expect(campaignRow(page)).toContainText('Within an hour');
    expect(await seriousViolations(page)).toEqual([]);
  });

  const recipients =
    await test.step('the messages come due while the server is stopped', async () => {
      await server.stop();
      const count = await withDatabase(server.dataDir, async (query) => {
        await query(`update phishing_messages set send_at = now() - interval '1 minute'`);
        const { rows } = await query('select count(*)::int as n from phishing_messages');
        return (rows[0] as { n: number }).n;
      });
      expect(count).toBeGreaterThan(1);
      await server.start();
      // The job that sends them is due at start.
      await expect
        .poll(() => practiceMails(server).length, { timeout: 30_000, intervals: [250] })
        .toBe(count);
      return count;
    });
  const delivered = Date.now();
  const mails = practiceMails(server);
  const toBen = mailTo(mails, MEMBER_EMAIL);
  const toAlice = mailTo(mails, ADMIN_EMAIL);
  const benLink = practiceLinkOf(toBen);
  expect(new URL(benLink).origin).toBe(server.origin);

  await test.step('a mail scanner opens the link and is not counted', async () => {
    const scanner = await openPractice(browser, benLink);
    expect(await scanner.page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
    await expect(
      scanner.page.getByRole('heading', { level: 1, name: 'Sign in to view your invoice' }),
    ).toBeVisible();
    expect(scanner.counted).toBe(false);
    await scanner.context.close();
  });

  await test.step('the person types into the page, and the lesson takes its place', async () => {
    // A person opens a message more than PHISHING_SCANNER_SECONDS after it arrived.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, delivered + 1_500 - Date.now())),
    );
    const {
      context,
      page: ben,
      requests,
      counted,
    } = await openPractice(browser, benLink, DESKTOP_CHROME);
    await expect(
      ben.getByRole('heading', { level: 1, name: 'Sign in to view your invoice' }),
    ).toBeVisible();
    expect(counted).toBe(true);

    const submitted = ben.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/submitted'));
    // All of it at once, so that the whole string sits in the field when the page reacts.
    await ben.getByLabel('Work e-mail').fill(CANARY);
    const lesson = ben.getByRole('heading', {
      level: 1,
      name: /^This was a practice message from .+ no harm done$/,
    });
    await expect(lesson).toBeVisible();
    await expect(lesson).toBeFocused();
    expect((await submitted).status()).toBe(200);
    await expect(ben.getByRole('heading', { name: 'Sign in to view your invoice' })).toHaveCount(0);
    expect(await ben.content()).not.toContain(CANARY);

    // Each warning sign is numbered on the message as it arrived, and explained below it.
    const message = ben.getByRole('region', { name: 'The message as it arrived' });
    const signs = ben.getByRole('region', { name: 'The warning signs' }).getByRole('listitem');
    await expect(signs).toHaveCount(3);
    for (const n of [1, 2, 3]) {
      await expect(message).toContainText(`Warning sign ${n}:`);
      await expect(signs.nth(n - 1)).toContainText(`Warning sign ${n}:`);
    }
    expect(await seriousViolations(ben)).toEqual([]);

    await ben.getByRole('button', { name: "I've read this" }).click();
    await expect(ben.getByRole('status').filter({ hasText: /^Done — thank you/ })).toHaveText(
      "Done — thank you. This counts toward your 'Learn to spot phishing' task.",
    );
    await expect(ben.getByRole('button', { name: "I've read this" })).toHaveCount(0);

    expect(requests.length).toBeGreaterThan(0);
    const leaking: string[] = [];
    for (const request of requests) {
      if (await carries(request, CANARY)) leaking.push(`${request.method()} ${request.url()}`);
    }
    expect(leaking, 'requests that carried the typed text').toEqual([]);
    await context.close();
  });

  await test.step('another person reports hers by replying to the report address', async () => {
    const reportAddress = toAlice.header('reply-to') ?? '';
    expect(reportAddress).toMatch(/^report\+[0-9a-f]{20}@reports\.castellan\.example$/);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.reportPort,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await transport.sendMail({
        from: ADMIN_EMAIL,
        to: reportAddress,
        subject: `Re: ${toAlice.header('subject')}`,
        inReplyTo: toAlice.header('message-id'),
        text: 'This looks like phishing to me.',
      });
    } finally {
      transport.close();
    }
    await expect
      .poll(
        () =>
          readOutbox(server.dataDir).filter(
            (m) => m.header('to')?.includes(ADMIN_EMAIL) && m.header('subject') === THANKS_SUBJECT,
          ).length,
        { timeout: 30_000, intervals: [250] },
      )
      .toBe(1);
  });

  await test.step('the administrator sees the results', async () => {
    await openAppAs(page, ADMIN, '/phishing');
    const row = campaignRow(page);
    await expect(row.getByRole('cell')).toHaveText([
      'Overdue invoice',
      /\d/,
      'Within an hour',
      /^(Sending|Sent)$/,
      `${recipients} of ${recipients}`,
      '1', // clicked
      '1', // submitted
      '1', // reported
      '1', // lessons done
      /^[1-9]\d*$/, // scanner visits not counted
      'Show people',
    ]);

    await row.getByRole('button', { name: 'Show people' }).click();
    const people = page.getByRole('table', { name: /^People of “Overdue invoice”/ });
    const ben = people.getByRole('row', { name: MEMBER });
    // Scheduled, sent, clicked, submitted and lesson done have their moments; reported has none.
    const dash = '—';
    const cells = ben.getByRole('cell');
    await expect(cells).toHaveCount(8);
    await expect(cells.nth(0)).toContainText(MEMBER_EMAIL);
    for (const i of [1, 2, 3, 4, 6]) await expect(cells.nth(i)).not.toHaveText(dash);
    await expect(cells.nth(3)).toHaveText(/\d/);
    await expect(cells.nth(5)).toHaveText(dash);
    await expect(cells.nth(7)).toHaveText(/^[1-9]\d*$/);

    const everyone = page.getByRole('table', { name: 'People', exact: true });
    await expect(everyone.getByRole('row', { name: ADMIN })).toContainText('Passing');
    await expect(everyone.getByRole('row', { name: MEMBER })).not.toContainText('Passing');
  });

  await test.step('the person’s phishing task shows what practice found', async () => {
    await openAppAs(page, MEMBER, '/tasks');
    const { checks } = await openTask(page, 'Learn to spot phishing');
    await expect(checks).toContainText('Phishing practice');
  });

  await test.step('nothing typed is in any file of the data folder', async () => {
    await server.stop();
    expect(filesContaining(server.dataDir, CANARY)).toEqual([]);
    await server.remove();
  });
});
