import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack } from './stack';

// The real Meta connect flow: the app's server talks to the fake Meta the browser tests start
// (in the worker's process, see stack.ts): Facebook Login in a popup, then
// the Graph API. Its businesses: "Brightwave Studio" (two-factor not required, 3 of 4 people
// with it on) and "Brightwave Shop" (required for everyone). It changes the demo company's data,
// which no other spec file sees (each starts from its own copy).

const META = () => currentStack().fakes.meta;
const STUDIO = 'Brightwave Studio';
const SHOP = 'Brightwave Shop';
const REFUSAL = {
  code: 10,
  message: '(#10) Application does not have permission for this action',
  error_user_title: 'Not allowed',
  error_user_msg: 'Only a business admin can turn this on.',
};

const metaCard = (page: Page) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name: 'Meta' });
const business = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Meta business accounts' })
    .getByRole('listitem', { name, exact: true });
const requireButton = (page: Page, name: string) =>
  business(page, name).getByRole('button', {
    name: `Require two-factor authentication in ${name}`,
  });
const toast = (page: Page, role: 'alert' | 'status', title: string) =>
  page.getByRole(role).filter({ hasText: title });

/** Tells the fake Meta something over its test controls (meta/control-api.ts). */
async function control(page: Page, path: string, data: unknown = {}) {
  const answer = await page.request.post(`${META()}/__fake/${path}`, { data });
  expect(answer.ok(), `the fake Meta takes ${path}`).toBe(true);
}

/** The Integrations page as Alice, once the first sync has listed the business accounts. */
async function openMetaAccounts(page: Page) {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await expect(business(page, STUDIO)).toBeVisible({ timeout: 20_000 });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const reset = await request.post(`${META()}/__fake/reset`);
  expect(reset.ok(), 'the fake Meta starts over').toBe(true);
});

test('a blocked popup says so instead of connecting', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const card = metaCard(page);
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Connect Meta' }).click();
  await expect(toast(page, 'alert', 'Failed to open popup')).toContainText('Allow pop-ups');
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
});

test('an admin connects Meta in a popup that closes itself and tells the page', async ({
  page,
}) => {
  // Records how the page opens the popup, and lets it open.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const opened: unknown[][] = [];
    Object.assign(window, { openedPopups: opened });
    window.open = (...args: Parameters<typeof window.open>) => {
      opened.push(args);
      return open(...args);
    };
  });
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const card = metaCard(page);
  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Connect Meta' }).click();
  const popup = await popupPromise;

  const opened = await page.evaluate(
    () => (window as unknown as { openedPopups: string[][] }).openedPopups,
  );
  expect(opened).toHaveLength(1);
  const [url, , features] = opened[0] ?? [];
  expect(url).toBe('/api/facebook/auth');
  expect(features).toMatch(/\bwidth=600\b/);
  expect(features).toMatch(/\bheight=700\b/);

  // The fake's Facebook Login dialog.
  await expect(popup.getByRole('heading', { name: 'Continue as Alice Morgan' })).toBeVisible();
  await expect(popup.getByLabel('business_management')).toBeChecked();
  // A person reads the dialog for a while (two of the page's checks); the page must wait too.
  await page.waitForTimeout(1_000);
  await expect(toast(page, 'alert', 'Meta was not connected')).toHaveCount(0, { timeout: 1_000 });
  await popup.getByRole('button', { name: 'Continue' }).click();
  // No ?outcome=: connected. (Facebook, and the fake, add the fragment #_=_.)
  await expect(popup).toHaveURL(/\/facebook-success(#_=_)?$/);
  await expect(popup.getByRole('heading', { name: 'Meta connected' })).toBeVisible();

  // It closes itself after 1.5 s; the page that opened it notices and checks the status.
  await expect.poll(() => popup.isClosed(), { timeout: 5_000 }).toBe(true);
  await expect(toast(page, 'status', 'Meta connected')).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
});

test('the connection holds, and the first sync lists the business accounts', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await expect(metaCard(page).getByText('Connected', { exact: true })).toBeVisible();

  // The first sync runs in the background; the page follows it.
  const studio = business(page, STUDIO);
  await expect(studio).toBeVisible({ timeout: 20_000 });
  await expect(studio).toContainText('Not required');
  await expect(studio).toContainText('3 of 4 people have it turned on');
  await expect(requireButton(page, STUDIO)).toBeEnabled();
  const shop = business(page, SHOP);
  await expect(shop).toContainText('Required for everyone');
  await expect(shop).toContainText('2 of 2 people have it turned on');
  await expect(shop.getByRole('button')).toHaveCount(0);
});

test('when Meta refuses the change, the toast says what Meta said and how to do it by hand', async ({
  page,
}) => {
  await control(page, 'refuse-two-factor', { error: REFUSAL });
  try {
    await openMetaAccounts(page);
    await requireButton(page, STUDIO).click();
    const refused = toast(
      page,
      'alert',
      `Could not require two-factor authentication in ${STUDIO}`,
    );
    await expect(refused).toContainText(REFUSAL.error_user_msg);
    await expect(refused).toContainText('Meta Business Suite');
    await expect(business(page, STUDIO)).toContainText('Not required');
    await expect(requireButton(page, STUDIO)).toBeEnabled();
    await expect(metaCard(page).getByText('Connected', { exact: true })).toBeVisible();
  } finally {
    await control(page, 'refuse-two-factor', { error: null });
  }
});

test('an error answer without a message falls back to the spec’s text', async ({ page }) => {
  await openMetaAccounts(page);
  await page.route('**/api/facebook/enable-mfa', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await requireButton(page, STUDIO).click();
  await expect(
    toast(page, 'alert', `Could not require two-factor authentication in ${STUDIO}`),
  ).toContainText('Failed to enable Facebook MFA');
  await expect(business(page, STUDIO)).toContainText('Not required');
});

test('an admin requires two-factor authentication in a business account', async ({ page }) => {
  await openMetaAccounts(page);
  await requireButton(page, STUDIO).click();
  await expect(toast(page, 'status', 'Two-factor authentication required')).toContainText(
    `Meta now requires it for everyone in ${STUDIO}.`,
  );
  const studio = business(page, STUDIO);
  await expect(studio).toContainText('Required for everyone');
  await expect(requireButton(page, STUDIO)).toHaveCount(0);

  // Meta itself now requires it.
  const { businesses } = (await (await page.request.get(`${META()}/__fake/businesses`)).json()) as {
    businesses: { name: string; twoFactorType: string }[];
  };
  expect(businesses.find((b) => b.name === STUDIO)?.twoFactorType).toBe('all_required');

  // And it stays so after a reload.
  await page.reload();
  await expect(business(page, STUDIO)).toContainText('Required for everyone', {
    timeout: 20_000,
  });
});

test('an admin disconnects Meta', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const card = metaCard(page);
  await expect(card.getByRole('button', { name: 'Sync now: Meta' })).toBeEnabled({
    timeout: 20_000,
  });
  await card.getByRole('button', { name: 'Disconnect Meta' }).click();
  await page
    .getByRole('dialog', { name: 'Disconnect Meta?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(toast(page, 'status', 'Meta disconnected')).toBeVisible();
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meta business accounts' })).toHaveCount(0);
});
