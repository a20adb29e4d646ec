import type { Browser, Page } from '@playwright/test';
import { actLikeAPerson, consentCookie, expect, mainMenu, openAppAs, test } from './helpers';

/**
 * Partners: two clients invite their IT provider, whose administrator accepts both, works in the
 * one as its administrator and only looks at the other, and goes back to the Partner console;
 * then the first client ends the access, and the partner's page open in it is back home.
 *
 * The demo data has no IT provider, and test login only signs in people of demo organisations:
 * the partner here is the sandbox organisation (sandbox.castellan.example), registered, with its
 * administrator Dana Whitfield, which no other part of this file needs. The tests build on each
 * other, in order, on this file's own copy of the data.
 */

const PARTNER_ADMIN = 'Dana Whitfield';
const PARTNER = 'sandbox.castellan.example';
const CLIENT = 'brightwave.example';
const CLIENT_ADMIN = 'Alice Morgan';
const READ_ONLY_CLIENT = 'tidewater.example';
const READ_ONLY_CLIENT_ADMIN = 'Olivia Parker';
const WATCH = '/risk-analysis?tab=watch';
const WIFI_TASK = 'Secure the office Wi-Fi and add a guest network';
/** The server's answer to a read-only partner's change (PARTNER_READ_ONLY in the contract). */
const READ_ONLY =
  'Your partner access to this organisation is read-only: its administrators can change this.';

test.describe.configure({ mode: 'serial' });

const partnersSection = (page: Page) => page.getByRole('region', { name: 'IT partners' });
const partnerItem = (page: Page, domain: string) =>
  page.getByRole('list', { name: 'IT partners' }).getByRole('listitem').filter({ hasText: domain });
const banner = (page: Page) => page.getByRole('region', { name: 'Partner access' });
const clients = (page: Page) => page.getByRole('table', { name: 'Your clients' });
const clientRow = (page: Page, domain: string) =>
  clients(page).getByRole('row', { name: new RegExp(domain.replaceAll('.', '\\.')) });
const members = (page: Page) => page.getByRole('table', { name: 'Members' });
const howOften = (page: Page) => page.getByRole('combobox', { name: 'How often' });

/** A client's administrator invites the partner from Settings → IT partners. */
async function invitePartner(page: Page, role: 'Administrator' | 'Read-only'): Promise<void> {
  const section = partnersSection(page);
  await section.getByRole('textbox', { name: "Partner's domain" }).fill(PARTNER);
  await section.getByRole('combobox', { name: 'Role' }).selectOption(role);
  await section.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${PARTNER} is invited` })).toBeVisible();
  const item = partnerItem(page, PARTNER);
  await expect(item).toContainText(
    /Invited [A-Z][a-z]{2} \d{1,2}, \d{4}, waiting for them to accept/,
  );
  await expect(item.getByRole('combobox', { name: `Role of ${PARTNER}` })).toHaveValue(
    role === 'Administrator' ? 'admin' : 'viewer',
  );
}

/** The partner's administrator, on the Partner console, opens a client. */
async function openClient(page: Page, domain: string): Promise<void> {
  await clientRow(page, domain)
    .getByRole('button', { name: `Open ${domain}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** A second browser, for a client's administrator at work while the partner's page is open. */
async function anotherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await actLikeAPerson(context);
  await context.addCookies([consentCookie('necessary', baseURL ?? '')]);
  return context.newPage();
}

test('a client’s administrator invites the partner by its domain, after one not on Castellan', async ({
  page,
}) => {
  await openAppAs(page, CLIENT_ADMIN, '/settings');
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'IT partners' })
    .click();
  await expect(page).toHaveURL(/\/settings#partners$/);
  const section = partnersSection(page);
  await expect(section).toContainText('No IT partner looks after your organisation yet.');

  const domain = section.getByRole('textbox', { name: "Partner's domain" });
  await domain.fill('nowhere.example');
  await section.getByRole('button', { name: 'Invite' }).click();
  await expect(domain).toHaveAccessibleDescription(
    'No organisation on nowhere.example uses Castellan yet. Ask your IT provider to register with their own domain first.',
  );
  await expect(domain).toHaveAttribute('aria-invalid', 'true');
  await expect(domain).toHaveValue('nowhere.example');

  await invitePartner(page, 'Administrator');
  await expect(domain).toHaveValue('');
  await expect(domain).not.toHaveAttribute('aria-invalid', 'true');
  await expect(partnerItem(page, PARTNER)).toContainText(`Invited by ${CLIENT_ADMIN}`);
});

test('a second client invites the same partner, read-only', async ({ page }) => {
  await openAppAs(page, READ_ONLY_CLIENT_ADMIN, '/settings#partners');
  await expect(partnersSection(page)).toContainText(
    'No IT partner looks after your organisation yet.',
  );
  await invitePartner(page, 'Read-only');
});

test('the partner’s administrator accepts both invitations in the Partner console', async ({
  page,
}) => {
  await openAppAs(page, PARTNER_ADMIN, '/settings#partners');
  await partnersSection(page).getByRole('link', { name: 'Partner console' }).click();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner console' })).toBeVisible();

  const invitations = page.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await expect(invitations).toContainText(
    `${CLIENT} invites you to look after it as Administrator`,
  );
  await expect(invitations).toContainText(
    `${READ_ONLY_CLIENT} invites you to look after it as Read-only`,
  );
  await expect(clients(page)).toHaveCount(0);

  for (const client of [CLIENT, READ_ONLY_CLIENT]) {
    await invitations.getByRole('button', { name: `Accept the invitation from ${client}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `You look after ${client} now` }),
    ).toBeVisible();
    await expect(clientRow(page, client)).toBeVisible();
  }
  await expect(invitations).toHaveCount(0);
  await expect(clients(page).getByRole('row')).toHaveCount(3); // the header and both clients
  await expect(clientRow(page, CLIENT)).toContainText('Administrator');
  await expect(clientRow(page, READ_ONLY_CLIENT)).toContainText('Read-only');
});

test('the partner works in a client as its administrator, and goes back with the keyboard', async ({
  page,
}) => {
  await openAppAs(page, PARTNER_ADMIN, '/partner');
  await openClient(page, CLIENT);
  await expect(banner(page)).toContainText(`You are working in ${CLIENT} for ${PARTNER}`);
  await expect(banner(page)).not.toContainText('read-only');

  // The client's people, not the partner's.
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(members(page).getByRole('row', { name: /Ben Carter/ })).toContainText(
    `ben.carter@${CLIENT}`,
  );
  await expect(members(page).getByRole('row', { name: /Alice Morgan/ })).toBeVisible();
  await expect(members(page)).not.toContainText(PARTNER_ADMIN);

  // A change only administrators make, which sticks.
  await mainMenu(page).getByRole('link', { name: 'Risk analysis' }).click();
  await page
    .getByRole('tablist', { name: 'Risk analysis views' })
    .getByRole('tab', { name: 'Watch' })
    .click();
  await expect(howOften(page)).toHaveValue('daily');
  await howOften(page).selectOption('weekly');
  await expect(page.getByText('The watched names are scanned every week')).toBeVisible();
  await page.reload();
  await expect(howOften(page)).toHaveValue('weekly');
  await expect(banner(page)).toBeVisible();

  // The banner's way back, reached with Tab and pressed with Enter.
  const back = banner(page).getByRole('button', { name: `Back to ${PARTNER}` });
  await page.locator('body').focus();
  for (let presses = 0; presses < 40; presses += 1) {
    if (await back.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner console' })).toBeVisible();
  await expect(clientRow(page, CLIENT)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a read-only partner looks at a client and cannot change it', async ({ page }) => {
  await openAppAs(page, PARTNER_ADMIN, '/partner');
  await openClient(page, READ_ONLY_CLIENT);
  await expect(banner(page)).toContainText(
    `You are working in ${READ_ONLY_CLIENT} for ${PARTNER} (read-only)`,
  );

  await page.goto(WATCH);
  await expect(howOften(page)).toHaveValue('daily');
  await howOften(page).selectOption('weekly');
  const refusal = page.getByRole('alert').filter({ hasText: 'Could not change how often' });
  await expect(refusal).toContainText(READ_ONLY);
  await expect(howOften(page)).toHaveValue('daily');
  await page.reload();
  await expect(howOften(page)).toHaveValue('daily');
  await expect(banner(page)).toContainText('(read-only)');
});

test('the console rolls up both clients, and a baseline applies where the partner administers', async ({
  page,
  browser,
  baseURL,
}) => {
  await openAppAs(page, PARTNER_ADMIN, '/partner');
  // Each client with its figures; the biggest gap across them in words.
  await expect(clientRow(page, CLIENT)).toContainText(/Administrator/);
  await expect(clientRow(page, READ_ONLY_CLIENT)).toContainText(/Read-only/);
  const gaps = page.getByRole('region', { name: 'Biggest gaps across your clients' });
  await expect(gaps).toContainText(/: open for \d+ (person|people) in [12] clients?/);

  // Filter by domain, then back.
  const search = page.getByRole('searchbox', { name: 'Search by domain' });
  await search.fill('tide');
  await expect(clients(page).getByRole('row')).toHaveCount(2);
  await expect(clientRow(page, CLIENT)).toHaveCount(0);
  await search.fill('');
  await expect(clients(page).getByRole('row')).toHaveCount(3);

  // The roll-up as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(csv).toContain('Client,Partner role,Score');
  expect(csv).toContain(`${CLIENT},Administrator,`);
  expect(csv).toContain(`${READ_ONLY_CLIENT},Read-only,`);

  // A baseline, defined once.
  await page.getByRole('button', { name: 'New baseline' }).click();
  const form = page.getByRole('dialog', { name: 'New baseline' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Small office');
  const notApplicable = form.getByRole('group', { name: 'Tasks not applicable' });
  await notApplicable
    .getByRole('combobox', { name: 'Add a task' })
    .selectOption({ label: WIFI_TASK });
  await notApplicable.getByRole('button', { name: 'Add the task as not applicable' }).click();
  await notApplicable
    .getByRole('textbox', { name: `Reason: ${WIFI_TASK}` })
    .fill('Our clients work from a shared office whose landlord runs the Wi-Fi');
  await form.getByRole('combobox', { name: 'Weekly task reminders' }).selectOption('Off');
  await form.getByRole('textbox', { name: 'Trusted domains' }).fill('payroll-bureau.example');
  await form.getByRole('button', { name: 'Create baseline' }).click();
  await expect(form).toHaveCount(0);
  const baselines = page.getByRole('list', { name: 'Baselines' });
  await expect(baselines).toContainText('Small office');

  // Applied to the clients it may change; the read-only one cannot be chosen.
  await page.getByRole('button', { name: 'Apply Small office to clients' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply Small office' });
  await expect(
    apply.getByRole('switch', { name: `${READ_ONLY_CLIENT} read-only access` }),
  ).toBeDisabled();
  await apply.getByRole('switch', { name: CLIENT }).check();
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(apply.getByRole('heading', { name: 'Applied to 1 of 1 client' })).toBeFocused();
  await apply.getByRole('button', { name: 'Close' }).first().click();

  // The client's administrator sees what it set, and her settings say so.
  const alice = await anotherBrowser(browser, baseURL);
  await openAppAs(alice, CLIENT_ADMIN, '/settings#partners');
  const set = alice.getByRole('list', { name: 'Set by your partners’ baselines' });
  await expect(set).toContainText('Small office');
  await expect(set).toContainText(PARTNER);
  await expect(set).toContainText(WIFI_TASK);
  const trusted = (await (await alice.request.get('/api/settings/trusted-domains')).json()) as {
    trustedDomains: string[];
  };
  expect(trusted.trustedDomains).toContain('payroll-bureau.example');
  await alice.context().close();
});

test('a client ends the access: the partner’s page open there is back in its own organisation', async ({
  page,
  browser,
  baseURL,
}) => {
  await openAppAs(page, PARTNER_ADMIN, '/partner');
  await openClient(page, CLIENT);
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(members(page).getByRole('row', { name: /Ben Carter/ })).toBeVisible();

  // Alice, in her own browser, ends the access. She never opens the overview, where the guided
  // tour would start: this context does not keep it away as the test's own does.
  const alice = await anotherBrowser(browser, baseURL);
  await openAppAs(alice, CLIENT_ADMIN, '/settings#partners');
  const item = partnerItem(alice, PARTNER);
  await expect(item).toContainText(/Active since/);
  await item.getByRole('button', { name: `End access for ${PARTNER}` }).click();
  const confirm = alice.getByRole('dialog', { name: `End ${PARTNER}'s access?` });
  await confirm.getByRole('button', { name: 'End access' }).click();
  await expect(
    alice.getByRole('status').filter({ hasText: `${PARTNER}'s access ended` }),
  ).toBeVisible();
  await expect(item).toContainText(/Ended [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(item.getByRole('button')).toHaveCount(0);
  await alice.context().close();

  // The partner's page, on its next move and loaded again, is in the partner's own organisation.
  await mainMenu(page).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page)).toHaveCount(0);
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(members(page).getByRole('row', { name: /Dana Whitfield/ })).toBeVisible();
  await expect(members(page)).not.toContainText('Ben Carter');
  await page.reload();
  await expect(page).toHaveURL(/\/users$/);
  await expect(members(page).getByRole('row', { name: /Dana Whitfield/ })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(members(page)).not.toContainText('Ben Carter');
  await expect(page.locator('body')).not.toContainText(CLIENT);
  const user = (await (await page.request.get('/api/auth/user-data')).json()) as {
    companyDomain: string;
    partner?: unknown;
  };
  expect(user.companyDomain).toBe(PARTNER);
  expect(user.partner).toBeUndefined();

  await page.goto('/partner');
  await expect(clients(page).getByRole('row')).toHaveCount(2); // the header and tidewater
  await expect(clientRow(page, READ_ONLY_CLIENT)).toBeVisible();
  await expect(clientRow(page, CLIENT)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);
});
