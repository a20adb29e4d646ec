import type { Page } from '@playwright/test';
import {
  actLikeAPerson,
  consentCookie,
  expect,
  holdRequests,
  json,
  mainMenu,
  openAppAs,
  test,
} from './helpers';
import {
  allowList,
  CARDS,
  COMING_SOON,
  connectedGws,
  FakeIntegrationsApi,
  INTEGRATION_IDS,
  MEMBER_EMAIL,
  NOT_SET_UP,
} from './integration-fixtures';

/**
 * Integrations (/integrations). The server's integrations module is answered in the browser
 * (integration-fixtures.ts), so each state can be shaped and each call read back; the connect flow
 * against a fake Google is tested with the server.
 */

const ADMIN = 'Alice Morgan';
const MEMBER = 'Ben Carter';

const cards = (page: Page) => page.getByRole('list', { name: 'Integrations' });
const cardItems = (page: Page) => cards(page).locator(':scope > li');
const card = (page: Page, name: string) => cards(page).getByRole('listitem', { name });
const comingSoonList = (page: Page) => page.getByRole('list', { name: 'Coming soon' });
const toast = (page: Page, role: 'status' | 'alert', text: string) =>
  page.getByRole(role).filter({ hasText: text });
const googleSection = (page: Page) =>
  page.getByRole('region', { name: 'Google Workspace findings' });
const allowListSection = (page: Page) => page.getByRole('region', { name: 'Allow-list' });

async function openIntegrations(page: Page, api: FakeIntegrationsApi, as = ADMIN, path = '') {
  await api.install(page);
  await openAppAs(page, as, `/integrations${path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
}

test('an administrator finds a card for every integration, with its status and checks', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  await api.install(page);
  await openAppAs(page, ADMIN, '/dashboard');
  await mainMenu(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveTitle('Integrations | Castellan');

  // The providers' cards, then (after their findings) what is coming soon, apart.
  await expect(cardItems(page)).toHaveCount(INTEGRATION_IDS.length - COMING_SOON.length);
  await expect(comingSoonList(page).locator(':scope > li')).toHaveCount(COMING_SOON.length);
  for (const id of INTEGRATION_IDS) {
    const list = COMING_SOON.includes(id) ? comingSoonList(page) : cards(page);
    const item = list.getByRole('listitem', { name: CARDS[id].name });
    await expect(item).toContainText(CARDS[id].description);
    await expect(item.getByRole('img', { name: `${CARDS[id].name} logo` })).toBeVisible();
  }

  const gws = card(page, 'Google Workspace');
  await expect(gws).toContainText('Connected');
  const checks = gws.getByRole('list', { name: 'Security checks of Google Workspace' });
  await expect(checks.getByRole('listitem')).toHaveCount(2);
  await expect(checks).toContainText('MFA Status Check');
  await expect(checks).toContainText('Verifies MFA is enabled for all users.');
  // Connected, but no sync has judged the checks yet.
  await expect(checks).toContainText('Unknown');
  await expect(checks).not.toContainText('Enabled');
  await expect(gws).toContainText(/Last scan\s*2 h ago/);
  await expect(gws).toContainText(/Connected since\s*7 days ago/);
  // The exact date on hover.
  await gws.getByText('2 h ago').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  );
  await expect(gws.getByRole('button', { name: 'Sync now: Google Workspace' })).toBeEnabled();
  await expect(gws.getByRole('button', { name: 'Disconnect Google Workspace' })).toBeVisible();

  const meta = card(page, 'Meta');
  await expect(meta).toContainText('Not connected');
  await expect(meta).toContainText('MFA Enforcement');
  // Not connected: what it would check, without a result.
  await expect(meta.getByRole('list', { name: 'Security checks of Meta' })).not.toContainText(
    /Unknown|Passed|Failed|Enabled|Off/,
  );

  // Coming soon: greyed, labelled, without any button; listed after the others.
  for (const id of COMING_SOON) {
    const item = comingSoonList(page).getByRole('listitem', { name: CARDS[id].name });
    await expect(item).toContainText('Coming soon');
    await expect(item.getByRole('button')).toHaveCount(0);
  }
  const names = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
  expect(names).toEqual(['Google Workspace', 'Microsoft 365', 'Meta', 'Slack', 'Microsoft Teams']);
});

test('Connect is disabled with the reason when this server cannot connect it', async ({ page }) => {
  const api = new FakeIntegrationsApi();
  await openIntegrations(page, api);
  for (const name of ['Microsoft 365', 'Meta']) {
    const item = card(page, name);
    await expect(item.getByRole('button', { name: `Connect ${name}` })).toBeDisabled();
    await expect(item).toContainText(NOT_SET_UP);
  }
  await expect(
    card(page, 'Google Workspace').getByRole('button', { name: 'Connect Google Workspace' }),
  ).toBeEnabled();
});

test('Connect leaves for Google; back with gws=true it says connected and drops the flag', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi();
  await page.route('**/api/google/integrate', async (route) => {
    // The provider and the server's callback, in one step.
    api.integrations.gws = connectedGws({ lastScan: null });
    await route.fulfill({ status: 302, headers: { location: '/integrations?gws=true' } });
  });
  await openIntegrations(page, api, ADMIN);
  // What the page noted about the flow as it left (the app forgets it once back).
  await page.evaluate(() =>
    window.addEventListener('pagehide', () =>
      localStorage.setItem('e2e.sessionAtLeave', sessionStorage.getItem('castellan.session') ?? ''),
    ),
  );

  await card(page, 'Google Workspace')
    .getByRole('button', { name: 'Connect Google Workspace' })
    .click();
  await expect(toast(page, 'status', 'Google Workspace connected')).toBeVisible();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(card(page, 'Google Workspace')).toContainText('Connected');
  const oauthParams = (json: string | null) => JSON.parse(json || '{}').oauthParams;
  const [atLeave, now] = await page.evaluate(() => [
    localStorage.getItem('e2e.sessionAtLeave'),
    sessionStorage.getItem('castellan.session'),
  ]);
  expect(oauthParams(atLeave)).toMatchObject({ provider: 'gws', returnTo: '/integrations' });
  // Back where the flow returns to, it is over.
  expect(oauthParams(now)).toBeNull();

  // The flag was replaced, not pushed: Back leaves the page instead of showing the flag again.
  await page.goBack();
  await expect(page).not.toHaveURL(/gws=true/);
});

test('back with gws=true but not connected, it says so and drops the flag', async ({ page }) => {
  const api = new FakeIntegrationsApi();
  await api.install(page);
  await openAppAs(page, ADMIN, '/dashboard');
  await page.goto('/integrations?gws=true');
  const error = toast(page, 'alert', 'Google Workspace was not connected');
  await expect(error).toContainText('cancelled or did not finish');
  await expect(page).toHaveURL(/\/integrations$/);
  expect(api.sent('GET', '/integrations').length).toBeGreaterThanOrEqual(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const [flag, provider, other] of [
  ['gws-state', 'Google Workspace', 'Microsoft 365'],
  ['m365-state', 'Microsoft 365', 'Google Workspace'],
] as const) {
  test(`back from a ${provider} callback refused for its state, it says why and nothing else`, async ({
    page,
  }) => {
    const api = new FakeIntegrationsApi();
    await api.install(page);
    await openAppAs(page, ADMIN, '/dashboard');
    await page.goto(`/integrations?refused=${flag}`);
    const alert = page.getByRole('alert').filter({ hasText: `${provider} was not connected` });
    await expect(alert).toContainText('did not belong to a connection started in this window');
    await expect(page.getByText(`${other} was not connected`)).toHaveCount(0);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
  });
}

test('a revoked grant and missing permissions are explained, with Reconnect', async ({ page }) => {
  const api = new FakeIntegrationsApi({
    gws: connectedGws({ status: 'permission_missing' }),
    m365: { status: 'invalid_token', unavailableReason: null },
  });
  await openIntegrations(page, api);

  const m365 = card(page, 'Microsoft 365');
  await expect(m365).toContainText('Token expired or revoked');
  await expect(m365).toContainText('Access revoked or expired');
  await expect(m365).toContainText('was revoked or has expired');
  await expect(m365.getByRole('button', { name: 'Reconnect Microsoft 365' })).toBeEnabled();

  const gws = card(page, 'Google Workspace');
  await expect(gws).toContainText('Permissions missing');
  await expect(gws).toContainText('super administrator account');
  await expect(gws).toContainText('read-only access to users, reports and policies');
  await expect(gws.getByRole('button', { name: 'Reconnect Google Workspace' })).toBeEnabled();
  await expect(gws.getByRole('button', { name: 'Sync now: Google Workspace' })).toHaveCount(0);
  // Only a connected Google Workspace has findings to show.
  await expect(googleSection(page)).toHaveCount(0);
});

test('googleWorkspacePermissionsRequired=true explains the missing permissions', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: { status: 'permission_missing' } });
  await openIntegrations(page, api, ADMIN, '?googleWorkspacePermissionsRequired=true');
  const panel = page.getByRole('alert').filter({
    hasText: 'Google Workspace needs admin permissions',
  });
  await expect(panel).toContainText('super administrator account');
  await expect(panel).toContainText('read-only access to users, reports and policies');
  await expect(panel.getByRole('button', { name: 'Reconnect Google Workspace' })).toBeEnabled();

  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/integrations$/);
});

test('Disconnect asks first, then the card is available again', async ({ page }) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  await openIntegrations(page, api);
  const gws = card(page, 'Google Workspace');
  await gws.getByRole('button', { name: 'Disconnect Google Workspace' }).click();

  const dialog = page.getByRole('dialog', { name: 'Disconnect Google Workspace?' });
  await expect(dialog).toContainText('deletes the tokens it holds');
  await expect(dialog).toContainText('security checks from this integration');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(api.sent('DELETE', '/integrations/gws')).toHaveLength(0);

  await gws.getByRole('button', { name: 'Disconnect Google Workspace' }).click();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'status', 'Google Workspace disconnected')).toBeVisible();
  expect(api.sent('DELETE', '/integrations/gws')).toHaveLength(1);
  await expect(gws).toContainText('Not connected');
  await expect(gws.getByRole('button', { name: 'Connect Google Workspace' })).toBeEnabled();
  await expect(gws).not.toContainText('Last scan');
  await expect(googleSection(page)).toHaveCount(0);
});

test('Sync now queues a sync and follows it until the new data is in', async ({ page }) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  await openIntegrations(page, api);
  const gws = card(page, 'Google Workspace');
  await expect(googleSection(page).getByTestId('superAdminCount')).toHaveText('3');

  await gws.getByRole('button', { name: 'Sync now: Google Workspace' }).click();
  await expect(gws).toContainText('Sync queued');
  expect(api.sent('POST', '/integrations/gws/sync')).toHaveLength(1);
  await expect(gws.getByRole('button', { name: 'Sync now: Google Workspace' })).toBeDisabled();

  // The page polls while the sync is queued or running.
  api.integrations.gws = connectedGws({ sync: { state: 'running', error: null } });
  await expect(gws).toContainText('Syncing…');
  api.superAdminCount = 5;
  api.integrations.gws = connectedGws({ lastScan: new Date().toISOString() });
  await expect(gws).toContainText(/Last scan\s*just now/);
  await expect(gws).not.toContainText('Syncing…');
  // What the sync found is fetched again.
  await expect(googleSection(page).getByTestId('superAdminCount')).toHaveText('5');

  api.integrations.gws = connectedGws({
    sync: { state: 'failed', error: 'Google answered 503 for the audit reports.' },
  });
  await page.reload();
  await expect(gws).toContainText('The last sync failed');
  await expect(gws).toContainText('Google answered 503 for the audit reports.');
});

test('with Google Workspace connected: super administrators, stale accounts, shared files', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  await openIntegrations(page, api);
  const section = googleSection(page);
  await expect(section.getByTestId('superAdminCount')).toHaveText('3');
  await expect(section).toContainText('Recommended: 2 to 4');
  await expect(section).not.toContainText('Outside the recommended range');

  const stale = section.getByRole('table', { name: 'Stale accounts' });
  await expect(stale.getByRole('row')).toHaveCount(3);
  await expect(stale.getByRole('row', { name: /Oscar Lindqvist/ })).toContainText('on ');
  await expect(stale.getByRole('row', { name: /Temp Intern/ })).toContainText('Never');

  const shares = section.getByRole('table', { name: 'Files shared outside the organisation' });
  const budget = shares.getByRole('row', { name: /Budget plan 2026/ });
  await expect(budget).toContainText('Anyone with the link');
  await expect(budget).toContainText(MEMBER_EMAIL);
  await expect(budget.getByRole('button', { name: 'Allow Budget plan 2026' })).toBeVisible();
  const contract = shares.getByRole('row', { name: /Partner contract/ });
  await expect(contract).toContainText('Everyone at partner.com');
  await expect(contract).toContainText('Allowed');
  await expect(contract.getByRole('button')).toHaveCount(0);

  // An administrator allows a file at once.
  await budget.getByRole('button', { name: 'Allow Budget plan 2026' }).click();
  await expect(budget).toContainText('Allowed');
  expect(api.sent('POST', '/integrations/google-workspace/allow-list')).toEqual([
    [{ type: 'file', value: '1BudgetPlan2026xyz' }],
  ]);
  await expect(allowListSection(page).getByRole('list', { name: 'Approved files' })).toContainText(
    '1BudgetPlan2026xyz',
  );
});

test('outside 2 to 4 super administrators, and with no stale account, the page says so', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  api.superAdminCount = 1;
  api.staleUsers = [];
  api.shares = [];
  await openIntegrations(page, api);
  const section = googleSection(page);
  await expect(section.getByTestId('superAdminCount')).toHaveText('1');
  await expect(section).toContainText('Outside the recommended range');
  await expect(section).toContainText('only one super administrator');
  await expect(section).toContainText('No stale accounts.');
  await expect(section).toContainText('Nothing is shared outside the organisation.');
});

test('the allow-list saves only what changed: the added entries, then the removed ones', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  api.allowList = allowList({
    users: [{ email: 'ann@partner.com' }],
    domains: [{ domain: 'partner.com' }, { domain: 'supplier.com' }],
    files: [{ id: '1PartnerContractAbc' }],
  });
  await openIntegrations(page, api);
  const editor = allowListSection(page);
  const domains = editor.getByRole('list', { name: 'Approved domains' });
  await expect(domains.getByRole('listitem')).toHaveCount(2);
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  const add = async (type: string, value: string) => {
    await editor.getByRole('combobox', { name: 'Type' }).selectOption(type);
    await editor.getByRole('textbox').fill(value);
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
  };
  await add('User', ' Carl@Agency.IO ');
  await add('Domain', 'https://Auditors.example.com/');
  await editor.getByRole('button', { name: 'Remove supplier.com' }).click();
  await editor.getByRole('button', { name: 'Remove ann@partner.com' }).click();
  // Added and removed again, and removed and added again: no change either way.
  await add('File', '1TempNotesQwerty');
  await editor.getByRole('button', { name: 'Remove 1TempNotesQwerty' }).click();
  await editor.getByRole('button', { name: 'Remove partner.com' }).click();
  await add('Domain', 'partner.com');

  await expect(editor).toContainText('4 unsaved changes');
  await expect(editor.getByRole('list', { name: 'Approved users' })).toContainText(
    'carl@agency.io',
  );
  await save.click();
  await expect(toast(page, 'status', 'Allow-list saved')).toBeVisible();
  expect(api.sent('POST', '/integrations/google-workspace/allow-list')).toEqual([
    [
      { type: 'user', value: 'carl@agency.io' },
      { type: 'domain', value: 'auditors.example.com' },
    ],
  ]);
  expect(api.sent('DELETE', '/integrations/google-workspace/allow-list')).toEqual([
    [
      { type: 'domain', value: 'supplier.com' },
      { type: 'user', value: 'ann@partner.com' },
    ],
  ]);
  await expect(editor).not.toContainText('unsaved change');
  await expect(save).toBeDisabled();
  await expect(domains).toHaveText(/partner\.com.*auditors\.example\.com/);
  await expect(domains).not.toContainText('supplier.com');
});

test('consumer e-mail domains are refused, and a list holding one cannot be saved', async ({
  page,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  // Saved before the rule: it must go before anything else can be saved.
  api.allowList = allowList({ domains: [{ domain: 'gmail.com' }] });
  await openIntegrations(page, api);
  const editor = allowListSection(page);
  const domains = editor.getByRole('list', { name: 'Approved domains' });
  await expect(domains).toContainText('gmail.com');
  await expect(domains).toContainText('Not allowed');

  await editor.getByRole('combobox', { name: 'Type' }).selectOption('Domain');
  const value = editor.getByRole('textbox', { name: 'Domain' });
  await value.fill('Hotmail.com');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor).toContainText('Consumer email domains like hotmail.com are not allowed.');
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(domains).not.toContainText('hotmail.com');

  await value.fill('partner.com');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toContainText('You cannot save settings with a disallowed domain.');
  expect(api.sent('POST', '/integrations/google-workspace/allow-list')).toHaveLength(0);

  await editor.getByRole('button', { name: 'Remove gmail.com' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'status', 'Allow-list saved')).toBeVisible();
  expect(api.sent('POST', '/integrations/google-workspace/allow-list')).toEqual([
    [{ type: 'domain', value: 'partner.com' }],
  ]);
  expect(api.sent('DELETE', '/integrations/google-workspace/allow-list')).toEqual([
    [{ type: 'domain', value: 'gmail.com' }],
  ]);
});

test('a member asks to allow a file; an administrator approves one request and denies another', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = new FakeIntegrationsApi({ gws: connectedGws() });
  api.allowList = allowList(
    {},
    { domains: [{ domain: 'freelancer.dev', requestedBy: `isla.jones@brightwave.example` }] },
  );
  await openIntegrations(page, api, MEMBER);
  const shares = googleSection(page).getByRole('table', {
    name: 'Files shared outside the organisation',
  });
  const budget = shares.getByRole('row', { name: /Budget plan 2026/ });
  await expect(
    budget.getByRole('button', { name: 'Allow Budget plan 2026', exact: true }),
  ).toHaveCount(0);
  await budget.getByRole('button', { name: 'Ask to allow Budget plan 2026' }).click();
  await expect(toast(page, 'status', 'Request sent')).toBeVisible();
  expect(api.sent('POST', '/integrations/google-workspace/allow-list/request')).toEqual([
    { type: 'file', value: '1BudgetPlan2026xyz' },
  ]);
  await expect(budget).toContainText('Requested');
  await expect(budget.getByRole('button')).toHaveCount(0);
  // A member sees their own request, not Isla's.
  const yours = page.getByRole('region', { name: 'Your requests' });
  await expect(yours).toContainText('1BudgetPlan2026xyz');
  await expect(yours).toContainText('Waiting for an administrator');
  await expect(yours).not.toContainText('freelancer.dev');

  // The administrator, in another browser.
  const adminContext = await browser.newContext({ baseURL });
  await actLikeAPerson(adminContext);
  await adminContext.addCookies([consentCookie('necessary', baseURL ?? '')]);
  const admin = await adminContext.newPage();
  await openIntegrations(admin, api, ADMIN);
  const requests = admin.getByRole('region', { name: 'Requests to allow' });
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  await expect(requests).toContainText(`Asked by ${MEMBER_EMAIL}`);
  await requests.getByRole('button', { name: 'Approve 1BudgetPlan2026xyz' }).click();
  await expect(toast(admin, 'status', '1BudgetPlan2026xyz approved')).toBeVisible();
  await requests.getByRole('button', { name: 'Deny freelancer.dev' }).click();
  await expect(toast(admin, 'status', 'freelancer.dev denied')).toBeVisible();
  expect(api.sent('POST', '/integrations/google-workspace/allow-list/approve')).toEqual([
    { type: 'file', value: '1BudgetPlan2026xyz' },
  ]);
  expect(api.sent('POST', '/integrations/google-workspace/allow-list/deny')).toEqual([
    { type: 'domain', value: 'freelancer.dev' },
  ]);
  await expect(requests).toContainText('No requests waiting.');
  await expect(allowListSection(admin).getByRole('list', { name: 'Approved files' })).toContainText(
    '1BudgetPlan2026xyz',
  );
  await adminContext.close();

  // Back to the member: the file is allowed now.
  await page.reload();
  await expect(budget).toContainText('Allowed');
  await expect(yours).toContainText('No requests waiting.');
});

test('a member sees the statuses but no administrator action', async ({ page }) => {
  const api = new FakeIntegrationsApi({
    gws: connectedGws(),
    m365: { status: 'invalid_token', unavailableReason: null },
  });
  await openIntegrations(page, api, MEMBER);
  // Not in a member's menu, but open to them.
  await expect(mainMenu(page).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await expect(card(page, 'Google Workspace')).toContainText('Connected');
  await expect(card(page, 'Microsoft 365')).toContainText('Token expired or revoked');
  await expect(card(page, 'Meta')).toContainText('An administrator can connect it.');
  await expect(cards(page).getByRole('button')).toHaveCount(0);

  const section = googleSection(page);
  // Who the accounts are and when they last signed in: for administrators only.
  await expect(
    section.getByRole('table', { name: 'Files shared outside the organisation' }),
  ).toBeVisible();
  await expect(section.getByTestId('superAdminCount')).toHaveCount(0);
  await expect(section.getByRole('table', { name: 'Stale accounts' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Allow / })).toHaveCount(0);
  await expect(section.getByRole('button', { name: /^Ask to allow / })).toHaveCount(1);
  const editor = allowListSection(page);
  await expect(editor).toContainText('No domains yet.');
  await expect(editor.getByRole('button')).toHaveCount(0);
  await expect(editor.getByRole('textbox')).toHaveCount(0);
});

test('loading shows placeholders; an error offers Try again, which works', async ({ page }) => {
  const api = new FakeIntegrationsApi();
  api.listFailure = { status: 500, error: 'The integrations service is down.' };
  await api.install(page);
  const held = await holdRequests(page, /\/api\/integrations$/, (route) =>
    api.listFailure
      ? json(route, api.listFailure.status, { error: api.listFailure.error })
      : json(route, 200, api.integrations),
  );
  await openAppAs(page, ADMIN, '/integrations');
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading integrations...' }),
  ).toBeVisible();
  await held.release();

  const error = page.getByRole('alert').filter({ hasText: 'Could not load the integrations' });
  await expect(error).toContainText('The integrations service is down.');
  api.listFailure = null;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(cardItems(page)).toHaveCount(INTEGRATION_IDS.length - COMING_SOON.length);
  await expect(error).toHaveCount(0);
});

test('a server without integrations says so instead of failing', async ({ page }) => {
  const api = new FakeIntegrationsApi();
  api.listFailure = { status: 404, error: 'No such endpoint: GET /api/integrations' };
  await openIntegrations(page, api);
  await expect(
    page.getByRole('status').filter({ hasText: 'Integrations are not available yet' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('on a 375 px wide screen the page fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const api = new FakeIntegrationsApi({
    gws: connectedGws(),
    m365: { status: 'permission_missing', unavailableReason: null },
  });
  api.allowList = allowList(
    { domains: [{ domain: 'a-rather-long-partner-domain-name.example.com' }] },
    { files: [{ id: '1BudgetPlan2026xyz', requestedBy: MEMBER_EMAIL }] },
  );
  await openIntegrations(page, api, ADMIN, '?googleWorkspacePermissionsRequired=true');
  await expect(googleSection(page).getByTestId('superAdminCount')).toHaveText('3');
  await expect(allowListSection(page)).toContainText('a-rather-long-partner-domain-name');
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The wide tables scroll in their own box, which takes keyboard focus.
  const shares = page.getByRole('region', { name: 'Shared files, scrollable' });
  await shares.focus();
  await expect(shares).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shares.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});
