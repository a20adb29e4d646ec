import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack } from './stack';

// A new administrator's first week: Dana Whitfield is alone in her organisation (the sandbox on
// the product's domain) and has done none of the steps; the weekly reminders, on for a new
// organisation, tick theirs already. Connecting Google Workspace through the fake Google ticks
// its step without anyone ticking it.

const DANA = 'Dana Whitfield';

const checklist = (page: Page) => page.getByRole('region', { name: 'Get set up' });
const step = (page: Page, name: string) => checklist(page).getByRole('listitem', { name });

async function danaEmail(page: Page): Promise<string> {
  const { users } = (await (await page.request.get('/api/auth/test-users')).json()) as {
    users: { email: string; firstName: string; lastName: string }[];
  };
  const dana = users.find((u) => `${u.firstName} ${u.lastName}` === DANA);
  if (!dana) throw new Error('Dana Whitfield is not a demo user');
  return dana.email;
}

test('a new administrator’s Overview opens with Get set up, and connecting Google ticks its step', async ({
  page,
}) => {
  const email = await danaEmail(page);
  const domain = email.split('@')[1] ?? '';
  const world = await page.request.post(`${currentStack().fakes.gws}/__fake/world`, {
    data: {
      domain,
      users: [
        { email, givenName: 'Dana', familyName: 'Whitfield', isAdmin: true, enrolledIn2Sv: true },
      ],
      loginFailures: [],
      driveEvents: [],
    },
  });
  expect(world.ok(), 'the fake Google takes Dana’s workspace').toBe(true);

  await openAppAs(page, DANA, '/dashboard');
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page)).toContainText('1 of 5 done');
  const suite = step(page, 'Connect Google Workspace or Microsoft 365');
  await expect(suite).toContainText('(to do)');
  await expect(suite).toContainText('About 2 minutes');
  await expect(suite.getByRole('link', { name: 'Open Integrations' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  await expect(
    step(page, 'Scan your domain').getByRole('link', { name: 'Open Risk analysis' }),
  ).toBeVisible();
  await expect(
    step(page, 'Install the agent on your own computer').getByRole('link', {
      name: 'Download the agent',
    }),
  ).toBeVisible();
  await expect(
    step(page, 'Invite your team').getByRole('link', { name: 'Open Users' }),
  ).toBeVisible();
  const reminders = step(page, 'Turn on weekly reminders');
  await expect(reminders).toContainText('(done)');
  await expect(reminders.getByRole('link')).toHaveCount(0);
  // The checklist comes first on the page.
  const first = page.locator('main section').first();
  await expect(first).toHaveAccessibleName('Get set up');

  // The Overview offers Google Workspace itself; the connect flow runs against the fake Google.
  const offer = page.getByRole('region', { name: 'Connect Google Workspace' });
  await expect(offer).toContainText('about two minutes');
  await offer.getByRole('button', { name: 'Connect Google Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the fake Google' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Google Workspace connected')).toBeVisible();

  await page.goto('/dashboard');
  await expect(suite).toContainText('(done)');
  await expect(checklist(page)).toContainText('2 of 5 done');
  await expect(suite.getByRole('link')).toHaveCount(0);
  await expect(offer).toHaveCount(0);
});

test('a member never sees the checklist', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  await expect(page.getByRole('region', { name: /Welcome/ })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  expect((await page.request.get('/api/setup-checklist')).status()).toBe(403);
});

test('the checklist fits a 375 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, DANA, '/dashboard');
  await expect(checklist(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
