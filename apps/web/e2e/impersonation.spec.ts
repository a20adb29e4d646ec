import type { Page } from '@playwright/test';
import { accountMenu, chooseFromAccountMenu, expect, mainMenu, signInAs, test } from './helpers';

const SAM = 'sam.rivera@castellan.example';
const BEN = 'ben.carter@brightwave.example';
const MEMBER_MENU = ['Overview', 'Your tasks', 'Settings', 'Help'];

const banner = (page: Page) => page.getByRole('status', { name: 'Impersonation' });

/** Sam, a staff member, finds Ben on the impersonation page and acts as him. */
async function actAsBen(page: Page): Promise<void> {
  await signInAs(page, 'Sam Rivera');
  await page.goto('/impersonate/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonate users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('ben');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2); // the header and Ben
  const ben = users.getByRole('row', { name: /Ben Carter/ });
  await expect(ben).toContainText(BEN);
  await expect(ben).toContainText('brightwave.example');
  await expect(ben).toContainText('Member');
  await ben.getByRole('button', { name: 'Act as Ben Carter' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page)).toContainText(
    `You are acting as Ben Carter (${BEN}) — signed in as ${SAM}. Log out to return.`,
  );
  await expect(accountMenu(page)).toHaveAccessibleName(`BC, account menu for ${BEN}`);
  await expect(mainMenu(page).getByRole('link')).toHaveText(MEMBER_MENU);
}

async function expectBackAsSam(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/impersonate\/users$/);
  await expect(accountMenu(page)).toHaveAccessibleName(`SR, account menu for ${SAM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonate users' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
}

test('a staff member acts as a member and returns with the banner button', async ({ page }) => {
  await actAsBen(page);
  // The banner stays on every page of the app.
  await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(banner(page)).toBeVisible();

  await banner(page).getByRole('button', { name: 'Log out and return' }).click();
  await expectBackAsSam(page);
  await expect(mainMenu(page).getByRole('link', { name: 'Users' })).toBeVisible();
});

test('logging out from the account menu also ends the impersonation', async ({ page }) => {
  await actAsBen(page);
  await chooseFromAccountMenu(page, 'Logout');
  await expectBackAsSam(page);
});

test('staff members are listed but cannot be acted as', async ({ page }) => {
  await signInAs(page, 'Sam Rivera');
  await page.goto('/impersonate/users');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill('rivera');
  const sam = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Sam Rivera/ });
  await expect(sam).toContainText('Staff');
  await expect(sam.getByRole('button')).toHaveCount(0);

  await search.fill('nobody-by-this-name');
  await expect(page.getByText('No users match “nobody-by-this-name”.')).toBeVisible();
});

test('a user who is not staff opening /impersonate/users goes to the dashboard', async ({
  page,
}) => {
  await signInAs(page, 'Alice Morgan');
  await page.goto('/impersonate/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});
