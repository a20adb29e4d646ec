import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNT_MENU_NAME,
  accountMenu,
  actLikeAPerson,
  consentCookie,
  expect,
  json,
  mainMenu,
  signInAs,
  test,
} from './helpers';

/**
 * User management (/users) and the user's own settings (/settings). These tests change people
 * that no other file relies on: Hiro Ito (promoted, then demoted), Jonas Keller (removed) and
 * Isla Jones (renamed, then deletes her account); they also invite kim.lee@brightwave.example.
 */

const LAST_ADMIN =
  'An organisation needs at least one administrator. Make someone else an administrator first.';

const members = (page: Page) => page.getByRole('table', { name: 'Members' });
const memberRow = (page: Page, name: string) => members(page).getByRole('row', { name });

async function openUsersPage(page: Page) {
  await signInAs(page, 'Alice Morgan');
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.locator('#usersPageHeader')).toHaveText('Users');
  await expect(memberRow(page, 'Alice Morgan')).toBeVisible();
}

/** A second browser, for a person signed in at the same time as the admin. */
async function anotherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await actLikeAPerson(context);
  await context.addCookies([consentCookie('necessary', baseURL ?? '')]);
  return context.newPage();
}

test('an administrator sees the members with their role and status', async ({ page }) => {
  await openUsersPage(page);
  await expect(page).toHaveTitle('Users | Castellan');
  const alice = memberRow(page, 'Alice Morgan');
  await expect(alice).toContainText('alice.morgan@brightwave.example');
  // The state in a word, the details as its description (and tooltip).
  await expect(
    alice.getByRole('button', { name: 'Active', exact: true }),
  ).toHaveAccessibleDescription(/^Last sign-in [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(alice.getByRole('combobox', { name: 'Role of Alice Morgan' })).toHaveValue('admin');
  // Nobody removes themselves here: that is Delete my account, in Settings.
  await expect(alice.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  const hiro = memberRow(page, 'Hiro Ito');
  await expect(hiro.getByRole('combobox', { name: 'Role of Hiro Ito' })).toHaveValue('user');
  await expect(hiro.getByRole('button', { name: 'Remove Hiro Ito' })).toBeVisible();
});

test('an administrator invites a member, who is listed as invited', async ({ page }) => {
  await openUsersPage(page);
  const form = page.getByRole('region', { name: 'Invite a member' });
  const email = form.getByRole('textbox', { name: 'E-mail address' });
  const invite = form.getByRole('button', { name: 'Invite' });

  await invite.click();
  await expect(form).toContainText('Enter an e-mail address, such as name@brightwave.example.');
  await email.fill('kim.lee@gmail.com');
  await invite.click();
  await expect(form).toContainText(
    'gmail.com is a personal mail service. Invitations go to addresses at brightwave.example.',
  );
  await email.fill('kim.lee@northfield.example');
  await invite.click();
  await expect(form).toContainText('You can only invite addresses at brightwave.example.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('kim.lee@brightwave.example');
  await form.getByRole('combobox', { name: 'Role' }).selectOption('Member');
  await invite.click();
  await expect(page.getByText('kim.lee@brightwave.example can now sign in')).toBeVisible();
  await expect(email).toHaveValue('');
  const kim = memberRow(page, 'kim.lee@brightwave.example');
  await expect(
    kim.getByRole('button', { name: 'Invited', exact: true }),
  ).toHaveAccessibleDescription(/Not signed in yet\.$/);
  await expect(
    kim.getByRole('button', { name: 'Resend invitation to kim.lee@brightwave.example' }),
  ).toBeVisible();
  await expect(kim.getByRole('combobox')).toHaveValue('user');

  // Inviting the same address again is refused.
  await email.fill('kim.lee@brightwave.example');
  await invite.click();
  await expect(form).toContainText('kim.lee@brightwave.example already has an account.');
});

test('an administrator promotes a member and demotes them again', async ({ page }) => {
  await openUsersPage(page);
  const role = memberRow(page, 'Hiro Ito').getByRole('combobox', { name: 'Role of Hiro Ito' });
  await role.selectOption('Administrator');
  await expect(page.getByText('Hiro Ito is now administrator')).toBeVisible();
  await page.reload();
  await expect(role).toHaveValue('admin');

  await role.selectOption('Member');
  await expect(page.getByText('Hiro Ito is now member')).toBeVisible();
  await page.reload();
  await expect(role).toHaveValue('user');
});

test('the last administrator cannot step down', async ({ page }) => {
  await openUsersPage(page);
  const role = memberRow(page, 'Alice Morgan').getByRole('combobox', {
    name: 'Role of Alice Morgan',
  });
  await role.selectOption('Member');
  await expect(page.getByRole('alert').filter({ hasText: LAST_ADMIN })).toBeVisible();
  await expect(role).toHaveValue('admin');
  await expect(page).toHaveURL(/\/users$/);
});

test('a removed member is signed out of the session they had', async ({
  page,
  browser,
  baseURL,
}) => {
  const jonas = await anotherBrowser(browser, baseURL);
  await signInAs(jonas, 'Jonas Keller');
  await expect(jonas).toHaveURL(/\/dashboard$/);

  await openUsersPage(page);
  const row = memberRow(page, 'Jonas Keller');
  await row.getByRole('button', { name: 'Remove Jonas Keller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Jonas Keller?' });
  await expect(dialog).toContainText('jonas.keller@brightwave.example');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Remove Jonas Keller' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Jonas Keller was removed')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Jonas's browser still holds its cookie, but the session behind it is gone.
  await mainMenu(jonas).getByRole('link', { name: 'Your tasks' }).click();
  await expect(jonas).toHaveURL(/\/\?login=true$/);
  await jonas.goto('/test-login');
  await expect(jonas.getByRole('button', { name: 'Sign in as Ben Carter' })).toBeVisible();
  await expect(jonas.getByRole('button', { name: 'Sign in as Jonas Keller' })).toHaveCount(0);
  await jonas.context().close();
});

test('removing a member whose first DELETE went through but whose answer was lost ends calmly', async ({
  page,
  baseURL,
}) => {
  const email = 'lost.answer@brightwave.example';
  await openUsersPage(page);
  const invited = await page.request.post('/api/users', {
    data: { email },
    headers: { origin: baseURL ?? '' },
  });
  expect(invited.status()).toBe(201);
  await page.reload();
  const row = memberRow(page, email);
  const deletes: number[] = [];
  await page.route('**/api/users/*', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const response = await route.fetch(); // the server removes the member…
    deletes.push(response.status());
    // …but the first answer is lost on the way (a gateway error), so the client retries.
    if (deletes.length === 1) return json(route, 502, { error: 'Bad gateway' });
    return route.fulfill({ response });
  });
  await row.getByRole('button', { name: `Remove ${email}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${email}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText(`${email} was already removed`)).toBeVisible();
  expect(deletes).toEqual([200, 404]);
  await expect(row).toHaveCount(0);
  await expect(page.locator('[data-severity="error"]')).toHaveCount(0);
});

test('on a 375 px wide screen the members are cards and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'Alice Morgan');
  await page.goto('/users');
  const hiro = page.getByRole('list', { name: 'Members' }).getByRole('listitem', {
    name: 'Hiro Ito',
  });
  await expect(hiro).toContainText('hiro.ito@brightwave.example');
  await expect(page.getByRole('region', { name: 'Invite a member' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const control of [
    hiro.getByRole('combobox', { name: 'Role of Hiro Ito' }),
    hiro.getByRole('button', { name: 'Remove Hiro Ito' }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
});

test('a member opening /users goes to the dashboard', async ({ page }) => {
  await signInAs(page, 'Isla Jones');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('a member changes their name in Settings and the avatar follows', async ({ page }) => {
  await signInAs(page, 'Isla Jones');
  await expect(accountMenu(page)).toHaveText('IJ');
  await mainMenu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const profile = page.getByRole('region', { name: 'Profile' });
  const first = profile.getByRole('textbox', { name: 'First name' });
  const last = profile.getByRole('textbox', { name: 'Last name' });
  await expect(first).toHaveValue('Isla');
  await expect(last).toHaveValue('Jones');

  await first.fill('  ');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile).toContainText('Enter your first name.');

  await first.fill('Isabel');
  await last.fill('Quinn');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name was saved')).toBeVisible();
  await expect(accountMenu(page)).toHaveText('IQ');
  await page.reload();
  await expect(accountMenu(page)).toHaveText('IQ');
  await expect(first).toHaveValue('Isabel');
});

test('the last administrator cannot delete their account', async ({ page }) => {
  await signInAs(page, 'Alice Morgan');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: LAST_ADMIN })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await page.reload();
  await expect(accountMenu(page)).toBeVisible();
});

test('a member deletes their account and lands on the start page', async ({ page }) => {
  await signInAs(page, 'Isabel Quinn');
  await page.goto('/settings');
  const open = () => page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });

  await open();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await open();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The landing page checked the session again and found nobody.
  const stored = await page.evaluate(() => sessionStorage.getItem('castellan.session'));
  expect(JSON.parse(stored ?? '{}').user ?? null).toBeNull();
  await expect(page.getByRole('button', { name: ACCOUNT_MENU_NAME })).toHaveCount(0);

  await page.goto('/test-login');
  await expect(page.getByRole('button', { name: 'Sign in as Alice Morgan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in as Isabel Quinn' })).toHaveCount(0);
  await expect(page.getByText('isla.jones@brightwave.example')).toHaveCount(0);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/\?login=true$/);
});
