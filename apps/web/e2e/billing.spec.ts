import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack, useBareServer } from './stack';

// Billing through the fake Stripe the browser tests start (in the worker's process, see
// stack.ts): the menu's Billing leaves for its portal page and comes back, and
// its signed webhook deliveries set the subscription status Settings shows. It changes the demo
// company's billing state, which no other spec file sees.

const STRIPE = () => currentStack().fakes.stripe;

type Delivery = { event: { id: string }; app: { status: number; body: string } };

/** Asks the fake Stripe to sign (or forge) and deliver a subscription event to the app. */
async function sendWebhook(
  request: APIRequestContext,
  data: { customer: string; status: string; created?: number; tamper?: 'signature' | 'stale' },
): Promise<Delivery> {
  const res = await request.post(`${STRIPE()}/__fake/webhooks/send`, {
    data: { type: 'customer.subscription.updated', ...data },
  });
  expect(res.ok(), 'the fake Stripe delivers the event').toBe(true);
  return (await res.json()) as Delivery;
}

async function brightwaveCustomer(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${STRIPE()}/__fake/customers`);
  const { customers } = (await res.json()) as { customers: { id: string; name: string }[] };
  const customer = customers.find((c) => c.name === 'brightwave.example');
  if (!customer) throw new Error('Brightwave has no Stripe customer yet');
  return customer.id;
}

const billingSection = (page: Page) => page.getByRole('region', { name: 'Billing' });

async function expectStatus(page: Page, words: string) {
  // From another page: a hash change alone would not load the section again.
  await page.goto('/dashboard');
  await page.goto('/settings#billing');
  await expect(billingSection(page).getByTestId('subscription-status')).toHaveText(words);
}

test.describe.configure({ mode: 'serial' });

test.describe('billing through the fake Stripe', () => {
  test('Billing leaves for the portal and comes back to the page it left', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/tasks');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE()}/p/session/`));
    await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
    await expect(page.getByText('brightwave.example')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Castellan' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  });

  test('Settings shows the status a signed webhook set; Manage billing opens the portal', async ({
    page,
    request,
  }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#billing');
    await expect(billingSection(page)).toContainText('No subscription yet');
    const delivery = await sendWebhook(request, {
      customer: await brightwaveCustomer(request),
      status: 'active',
    });
    expect(delivery.app).toEqual({ status: 200, body: '{"received":true}' });
    await expectStatus(page, 'Active');

    await billingSection(page).getByRole('link', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE()}/p/session/`));
    await page.getByRole('link', { name: 'Return to Castellan' }).click();
    await expect(page).toHaveURL(/\/settings#billing$/);
  });

  test('a forged or a stale delivery is refused and changes nothing', async ({ page, request }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#billing');
    const customer = await brightwaveCustomer(request);
    const forged = await sendWebhook(request, { customer, status: 'unpaid', tamper: 'signature' });
    expect(forged.app.status).toBe(400);
    expect(JSON.parse(forged.app.body)).toEqual({
      error: 'No signatures found matching the expected signature for payload.',
    });
    const stale = await sendWebhook(request, { customer, status: 'unpaid', tamper: 'stale' });
    expect(stale.app.status).toBe(400);
    expect(JSON.parse(stale.app.body)).toEqual({ error: 'Timestamp outside the tolerance zone' });
    await expectStatus(page, 'Active');
  });

  test('an event delivered again is handled once', async ({ page, request }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#billing');
    const customer = await brightwaveCustomer(request);
    const created = Math.floor(Date.now() / 1000) + 60;
    const pastDue = await sendWebhook(request, { customer, status: 'past_due', created });
    await sendWebhook(request, { customer, status: 'active', created });
    await expectStatus(page, 'Active');
    // Stripe retries the past_due event, as it was: the app answers 200 and keeps Active.
    const retry = await request.post(`${STRIPE()}/__fake/webhooks/redeliver`, {
      data: { eventId: pastDue.event.id },
    });
    const again = (await retry.json()) as Delivery;
    expect(again.event.id).toBe(pastDue.event.id);
    expect(again.app).toEqual({ status: 200, body: '{"received":true}' });
    await expectStatus(page, 'Active');
  });
});

test.describe('billing on a server without Stripe', () => {
  // A second app server, without any Stripe setting, for the not-configured page.
  const bare = useBareServer();

  test('Billing lands on Settings saying billing is not set up here', async ({ page }) => {
    const res = await page.request.post(`${bare()}/api/auth/test-login`, {
      data: { email: 'alice.morgan@brightwave.example' },
    });
    expect(res.status()).toBe(200);
    await page.goto(`${bare()}/tasks`);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await expect(page).toHaveURL(`${bare()}/settings?billing=not-configured#billing`);
    const alert = billingSection(page).getByRole('alert');
    await expect(alert).toContainText('Billing is not set up on this server');
    await expect(alert).toBeFocused();
    await expect(billingSection(page).getByRole('link', { name: 'Manage billing' })).toHaveCount(0);
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="billingTitle"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    // Dismissed, the message goes and the address no longer carries the reason.
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page).toHaveURL(`${bare()}/settings#billing`);
    await expect(billingSection(page).getByRole('alert')).toHaveCount(0);
    await expect(billingSection(page).getByRole('status')).toContainText(
      'Billing is not set up on this server',
    );
  });
});
