import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack, useBareServer } from './stack';

// Settings in sections, each with its own address (/settings#billing), and the Billing section's
// figures from the fake Stripe (stack.ts), at a desktop's size and a phone's. The figures test
// gives the demo company a subscription in the fake, which no other spec file sees.

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;
const STRIPE = () => currentStack().fakes.stripe;
/** Words that name a server setting; none may reach a user. */
const SETTING_NAMES = /[A-Z]{2,}_[A-Z_]{2,}/;

async function openSettings(page: Page, who: string, hash = '') {
  await openAppAs(page, who, '/dashboard');
  await page.goto(`/settings${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Opens a section the way a person would: the side list, or the select on a phone. */
async function choose(page: Page, label: string) {
  if (isPhone(page)) {
    await page.getByLabel('Settings section', { exact: true }).selectOption({ label });
  } else {
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: label })
      .click();
  }
}

/** The sections offered, in order. */
async function offered(page: Page): Promise<string[]> {
  if (isPhone(page)) {
    return page.getByLabel('Settings section', { exact: true }).locator('option').allTextContents();
  }
  return page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link')
    .allTextContents();
}

const menuLink = (page: Page, label: string) =>
  page.locator('nav[aria-label="Main menu"] a').filter({ hasText: new RegExp(`^${label}$`) });

async function brightwaveCustomer(request: APIRequestContext): Promise<string | null> {
  const res = await request.get(`${STRIPE()}/__fake/customers`);
  const { customers } = (await res.json()) as { customers: { id: string; name: string }[] };
  return customers.find((c) => c.name === 'brightwave.example')?.id ?? null;
}

test.describe.configure({ mode: 'serial' });

for (const size of SIZES) {
  test.describe(`Settings sections on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('each section has its own address, kept on reload and by back and forward', async ({
      page,
    }) => {
      await openSettings(page, 'Alice Morgan');
      expect(await offered(page)).toEqual([
        'Profile',
        'Sign-in and devices',
        'Notifications',
        'Organisation',
        'Trust page',
        'IT partners',
        'Billing',
      ]);
      await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your sessions' })).toHaveCount(0);

      await choose(page, 'Sign-in and devices');
      await expect(page).toHaveURL(/\/settings#sign-in$/);
      await expect(page.getByRole('region', { name: 'Your sessions' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Profile' })).toHaveCount(0);

      await choose(page, 'Trust page');
      await expect(page).toHaveURL(/\/settings#trust-page$/);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Public trust page' })).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/\/settings#sign-in$/);
      await expect(page.getByRole('region', { name: 'Your sessions' })).toBeVisible();
      await page.goForward();
      await expect(page.getByRole('region', { name: 'Public trust page' })).toBeVisible();
      if (!isPhone(page)) {
        await expect(
          page
            .getByRole('navigation', { name: 'Settings sections' })
            .getByRole('link', { name: 'Trust page' }),
        ).toHaveAttribute('aria-current', 'page');
      }
    });

    test('a member sees their own sections only; #billing opens their profile', async ({
      page,
    }) => {
      await openSettings(page, 'Ben Carter', '#billing');
      await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
      await expect(page).toHaveURL(/\/settings#profile$/);
      expect(await offered(page)).toEqual(['Profile', 'Sign-in and devices', 'Notifications']);
      await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
      await page.goto('/settings#organization');
      await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Trusted domains' })).toHaveCount(0);
    });

    test('Billing shows plan, seats, status and next invoice from Stripe, and is the current menu entry', async ({
      page,
    }) => {
      let customer = await brightwaveCustomer(page.request);
      if (!customer) {
        // No Stripe customer yet: the view says so and offers the portal, which makes one.
        await openSettings(page, 'Alice Morgan', '#billing');
        const billing = page.getByRole('region', { name: 'Billing' });
        await expect(billing).toContainText('Your organisation has no billing account yet.');
        await billing.getByRole('link', { name: 'Open the billing portal' }).click();
        await expect(page).toHaveURL(new RegExp(`^${STRIPE()}/p/session/`));
        await page.getByRole('link', { name: 'Return to Castellan' }).click();
        await expect(page).toHaveURL(/\/settings#billing$/);
        // The next navigation waits for the app to load: one started while it still loaded was
        // once aborted (net::ERR_ABORTED).
        await expect(page.getByRole('region', { name: 'Billing' })).toBeVisible();
        customer = await brightwaveCustomer(page.request);
        const res = await page.request.post(`${STRIPE()}/__fake/subscriptions`, {
          data: { customer, plan: 'Castellan Team', seats: 12, unitAmount: 900, currency: 'eur' },
        });
        expect(res.ok()).toBe(true);
      }
      const { subscriptions } = (await (
        await page.request.get(`${STRIPE()}/__fake/subscriptions`)
      ).json()) as { subscriptions: { items: { data: { current_period_end: number }[] } }[] };
      const periodEnd = subscriptions[0]?.items.data[0]?.current_period_end ?? 0;
      const due = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }).format(new Date((periodEnd + 3600) * 1000));

      await openSettings(page, 'Alice Morgan', '#billing');
      const billing = page.getByRole('region', { name: 'Billing' });
      await expect(billing.getByTestId('plan')).toHaveText('Castellan Team');
      await expect(billing.getByTestId('seats')).toHaveText('12');
      await expect(billing.getByTestId('subscription-status')).toHaveText('Active');
      await expect(billing.getByTestId('next-invoice')).toHaveText(`€108.00 on ${due}`);
      await expect(billing.getByRole('link', { name: 'Manage billing' })).toBeVisible();

      await expect(menuLink(page, 'Billing')).toHaveAttribute('aria-current', 'page');
      await expect(menuLink(page, 'Settings')).not.toHaveAttribute('aria-current', 'page');
      await choose(page, 'Profile');
      await expect(menuLink(page, 'Settings')).toHaveAttribute('aria-current', 'page');
      await expect(menuLink(page, 'Billing')).not.toHaveAttribute('aria-current', 'page');
    });

    test('the page height', async ({ page }, info) => {
      await openSettings(page, 'Alice Morgan');
      await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      info.annotations.push({ type: 'settings height', description: `${size.name}: ${height}px` });
      console.log(`Settings height on a ${size.name}: ${height}px`);
      expect(height).toBeLessThan(2300);
    });
  });
}

test.describe('Settings on a server without billing', () => {
  const bare = useBareServer();

  for (const size of SIZES) {
    test(`Billing lands on the Billing section saying whom to ask, naming no setting (${size.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size.viewport);
      const res = await page.request.post(`${bare()}/api/auth/test-login`, {
        data: { email: 'alice.morgan@brightwave.example' },
      });
      expect(res.status()).toBe(200);
      await page.goto(`${bare()}/api/customer-portal?return_url=%2Ftasks`);
      await expect(page).toHaveURL(`${bare()}/settings?billing=not-configured#billing`);
      const billing = page.getByRole('region', { name: 'Billing' });
      await expect(billing.getByRole('alert')).toContainText(
        'Billing is not set up on this server',
      );
      await expect(billing).toContainText('Ask the person who runs Castellan for you');
      await expect(menuLink(page, 'Billing')).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('body')).not.toHaveText(SETTING_NAMES, { useInnerText: true });
      await choose(page, 'Notifications');
      await expect(page.getByRole('region', { name: 'E-mail' })).toBeVisible();
      await expect(page.locator('body')).not.toHaveText(SETTING_NAMES, { useInnerText: true });
    });
  }
});
