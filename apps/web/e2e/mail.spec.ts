import type { APIRequestContext, Page } from '@playwright/test';
import { UnsubscribeTokens } from '../../server/src/modules/mail/unsubscribe-token';
import { expect, flipSwitch, openAppAs, test } from './helpers';
import { currentStack } from './stack';

/**
 * E-mail in Settings and invitations on /users. The switches are put back as the demo has them,
 * and the invited address is removed, whatever the outcome.
 */

const DEMO_SWITCHES = {
  invitations: true,
  // On for a new organisation, as the demo's are.
  reminders: true,
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
  await openAppAs(page, 'Alice Morgan', '/settings#notifications');
  try {
    const section = emailSection(page);
    const reminders = section.getByRole('switch', { name: 'Weekly task reminders' });
    await expect(reminders).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Invitations' })).toBeChecked();
    await flipSwitch(reminders);
    await expect(reminders).not.toBeChecked();
    await page.reload();
    await expect(
      emailSection(page).getByRole('switch', { name: 'Weekly task reminders' }),
    ).not.toBeChecked();
    // Administrators see what was sent lately (or that nothing was).
    await expect(
      emailSection(page)
        .getByRole('table', { name: 'Messages sent lately' })
        .or(emailSection(page).getByText('No e-mail has been sent yet.')),
    ).toBeVisible();

    const member = await browser.newContext({ baseURL });
    try {
      const ben = await member.newPage();
      await openAppAs(ben, 'Ben Carter', '/settings#notifications');
      const seen = emailSection(ben);
      await expect(seen.getByRole('switch', { name: 'Weekly task reminders' })).toBeDisabled();
      await expect(seen.getByText('Only administrators can switch these.')).toBeVisible();
      await expect(seen.getByRole('table')).toHaveCount(0);
      const own = seen.getByRole('switch', { name: 'Weekly reminder of my open tasks' });
      await expect(own).toBeChecked();
      await flipSwitch(own);
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
    await expect(
      row.getByRole('button', { name: 'Not invited', exact: true }),
    ).toHaveAccessibleDescription('No invitation e-mail sent. Not signed in yet.');
    const send = row.getByRole('button', { name: `Send invitation to ${email}` });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText(`The invitation was sent to ${email}`)).toBeVisible();
    await expect(
      row.getByRole('button', { name: 'Invited', exact: true }),
    ).toHaveAccessibleDescription(/^Invitation sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // Once one went out, the next is a resend, an hour later.
    const resend = row.getByRole('button', { name: `Resend invitation to ${email}` });
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

test('the unsubscribe link of an e-mail works without signing in, and Settings shows the choice', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const BEN = 'ben.carter@brightwave.example';
  await openAppAs(page, 'Alice Morgan', '/users');
  const { members } = (await (await page.request.get('/api/users')).json()) as {
    members: { id: string; email: string }[];
  };
  const ben = members.find((m) => m.email === BEN);
  if (!ben) throw new Error('Ben is not in the demo data');
  // The link as the server writes it into a reminder: signed with the server's key.
  const token = new UnsubscribeTokens(currentStack().encryptionKey).sign(ben.id, 'reminder');

  const visitor = await browser.newContext({ baseURL });
  try {
    const mailClient = await visitor.newPage();
    await mailClient.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(mailClient.getByRole('status')).toHaveText(
      `${BEN} will no longer receive weekly task reminders. You can switch them back on in Settings.`,
    );

    const signedIn = await visitor.newPage();
    await openAppAs(signedIn, 'Ben Carter', '/settings#notifications');
    await expect(
      emailSection(signedIn).getByRole('switch', { name: 'Weekly reminder of my open tasks' }),
    ).not.toBeChecked();
    const back = await signedIn.request.put('/api/settings/notifications/own', {
      data: { reminders: true, digest: true },
      headers: { origin },
    });
    expect(back.status()).toBe(200);
  } finally {
    await visitor.close();
  }
});
