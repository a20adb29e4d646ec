import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

/**
 * E-mail in Settings and invitations on /users. The switches are put back as the demo has them,
 * and the invited address is removed, whatever the outcome.
 */

const DEMO_SWITCHES = {
  invitations: true,
  reminders: false,
  digest: true,
  integrationAlerts: true,
};

const emailSection = (page: Page) => page.getByRole('region', { name: 'E-mail' });

const setSwitches = async (request: APIRequestContext, origin: string, body: object) => {
  const res = await request.put('/api/settings/notifications/organization', {
    data: body,
    headers: { origin },
  });
  expect(res.status()).toBe(200);
};

test('an administrator switches each kind of e-mail; a member opts out of the reminders', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await openAppAs(page, 'Alice Morgan', '/settings');
  try {
    const section = emailSection(page);
    const reminders = section.getByRole('switch', { name: 'Weekly task reminders' });
    await expect(reminders).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Invitations' })).toBeChecked();
    await reminders.click({ force: true });
    await expect(reminders).toBeChecked();
    await page.reload();
    await expect(
      emailSection(page).getByRole('switch', { name: 'Weekly task reminders' }),
    ).toBeChecked();
    // Administrators see what was sent lately (or that nothing was).
    await expect(
      emailSection(page)
        .getByRole('table', { name: 'Messages sent lately' })
        .or(emailSection(page).getByText('No e-mail has been sent yet.')),
    ).toBeVisible();

    const member = await browser.newContext({ baseURL });
    try {
      const ben = await member.newPage();
      await openAppAs(ben, 'Ben Carter', '/settings');
      const seen = emailSection(ben);
      await expect(seen.getByRole('switch', { name: 'Weekly task reminders' })).toBeDisabled();
      await expect(seen.getByText('Only administrators can switch these.')).toBeVisible();
      await expect(seen.getByRole('table')).toHaveCount(0);
      const own = seen.getByRole('switch', { name: 'Weekly reminder of my open tasks' });
      await expect(own).toBeChecked();
      await own.click({ force: true });
      await expect(own).not.toBeChecked();
      await ben.reload();
      await expect(
        emailSection(ben).getByRole('switch', { name: 'Weekly reminder of my open tasks' }),
      ).not.toBeChecked();
      const back = await ben.request.put('/api/settings/notifications/own', {
        data: { reminders: true, digest: true },
        headers: { origin },
      });
      expect(back.status()).toBe(200);
    } finally {
      await member.close();
    }
  } finally {
    await setSwitches(page.request, origin, DEMO_SWITCHES);
  }
});

test('/users shows when an invitation was sent and resends it at most once an hour', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const email = `mail.e2e.${Date.now()}@brightwave.example`;
  await openAppAs(page, 'Alice Morgan', '/users');
  let id = '';
  try {
    // Invited while invitations are off: no e-mail went out yet.
    await setSwitches(page.request, origin, { ...DEMO_SWITCHES, invitations: false });
    const invited = await page.request.post('/api/users', { data: { email }, headers: { origin } });
    expect(invited.status()).toBe(201);
    id = (await invited.json()).id;
    await setSwitches(page.request, origin, DEMO_SWITCHES);
    await page.reload();

    const row = page.getByRole('table', { name: 'Members' }).getByRole('row', { name: email });
    await expect(row).toContainText('No invitation e-mail sent');
    const resend = row.getByRole('button', { name: `Resend invitation to ${email}` });
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(page.getByText(`The invitation was sent again to ${email}`)).toBeVisible();
    await expect(row).toContainText(/Invitation sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAccessibleDescription(
      /^One invitation an hour: you can send it again after/,
    );
  } finally {
    await setSwitches(page.request, origin, DEMO_SWITCHES);
    if (id) {
      const removed = await page.request.delete(`/api/users/${id}`, {
        headers: { origin, 'content-type': 'application/json' },
      });
      expect(removed.status()).toBe(200);
    }
  }
});
