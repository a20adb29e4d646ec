import type { Page } from '@playwright/test';
import { AUDITOR_KEY } from '../../server/test/fakes/aws/world';
import { expect, openAppAs, openTask, openTaskCategories, test } from './helpers';
import { currentStack } from './stack';

// Bitwarden and AWS, the providers connected with a key pasted into a form: the app's server tries
// the key at the fakes the browser tests start (in the worker's process, see stack.ts), keeps it
// and syncs. The fakes hold Brightwave's demo worlds (bitwarden/demo-world.ts, aws/demo-world.ts).
// It changes Brightwave's data, which no other spec file sees (each starts from its own copy).

const BITWARDEN = () => currentStack().fakes.bitwarden;
const AWS = () => currentStack().fakes.aws;
/** Brightwave's organisation API key in the fake Bitwarden (bitwarden/demo-world.ts). */
const BITWARDEN_KEY = {
  clientId: 'organization.6b1d9f3a-2c47-4e8b-a5d0-7f3e91c2b864',
  clientSecret: 'Brightwave7demo3Key9Kq2Xw5Vt8n',
};
const TWO_STEP_TASK = 'Require two-step login in the password manager';
const AWS_TASKS = {
  'aws-root-mfa': 'Protect the AWS root user with MFA',
  'aws-no-root-access-keys': 'Delete the access keys of the AWS root user',
  'aws-users-mfa': 'Require MFA for everyone who signs in to AWS',
  'aws-rotate-access-keys': 'Replace AWS access keys older than 90 days',
  'aws-cloudtrail-on': 'Record AWS account activity with CloudTrail',
  'aws-block-public-s3': 'Block public access to S3 for the whole AWS account',
};

type Task = {
  catalogueId: string;
  title: string;
  isCompleted: boolean;
  evidence: { source: string; verdict: string; detail: string | null }[];
};

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name });
const checkOf = (page: Page, provider: string, check: string) =>
  card(page, provider)
    .getByRole('list', { name: `Security checks of ${provider}` })
    .getByRole('listitem')
    .filter({ has: page.getByText(check, { exact: true }) });
const toast = (page: Page, role: 'alert' | 'status', title: string) =>
  page.getByRole(role).filter({ hasText: title });

async function myTasks(page: Page): Promise<Task[]> {
  const response = await page.request.get('/api/actions?scope=mine');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks;
}

/** Disconnects through the card's confirmation, as an administrator does. */
async function disconnect(page: Page, provider: string) {
  const providerCard = card(page, provider);
  // The sync queued by the connection may still run: let it finish first.
  await expect(providerCard.getByRole('button', { name: `Sync now: ${provider}` })).toBeEnabled({
    timeout: 20_000,
  });
  await providerCard.getByRole('button', { name: `Disconnect ${provider}` }).click();
  await page
    .getByRole('dialog', { name: `Disconnect ${provider}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(toast(page, 'status', `${provider} disconnected`)).toBeVisible();
  await expect(providerCard.getByText('Not connected', { exact: true })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  for (const [name, url] of [
    ['Bitwarden', BITWARDEN()],
    ['AWS', AWS()],
  ]) {
    const reset = await request.post(`${url}/__fake/reset`);
    expect(reset.ok(), `the fake ${name} starts over`).toBe(true);
  }
});

test('the key form is labelled and walked through with the keyboard', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const opener = card(page, 'Bitwarden').getByRole('button', { name: 'Connect Bitwarden' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bitwarden' });
  const clientId = dialog.getByLabel('Client ID');
  const secret = dialog.getByLabel('Client secret');
  const server = dialog.getByLabel('Bitwarden server');
  await expect(clientId).toBeFocused();
  await expect(clientId).toHaveAttribute('aria-required', 'true');
  // The secret is typed like a password.
  await expect(secret).toHaveAttribute('type', 'password');
  await page.keyboard.press('Tab');
  await expect(secret).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(server).toBeFocused();
  await expect(server).toHaveValue('us');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Connect', exact: true })).toBeFocused();

  // Sent empty, each required field says what it wants, and nothing leaves the page.
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Enter the client id.');
  await expect(dialog).toContainText('Enter the client secret.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Bitwarden').getByText('Not connected', { exact: true })).toBeVisible();
});

test('an admin connects Bitwarden with its key, after a wrong secret is refused', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  expect((await myTasks(page)).map((t) => t.catalogueId)).not.toContain(
    'require-password-manager-two-step',
  );
  const bitwarden = card(page, 'Bitwarden');
  await bitwarden.getByRole('button', { name: 'Connect Bitwarden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bitwarden' });
  await dialog.getByLabel('Client ID').fill(BITWARDEN_KEY.clientId);
  await dialog.getByLabel('Client secret').fill('WrongSecret000000000000000000x');
  await dialog.getByLabel('Bitwarden server').selectOption('eu');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();

  // Bitwarden refuses the key: the form says so and keeps what was typed.
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Bitwarden was not connected' });
  await expect(refusal).toContainText('Bitwarden did not accept this API key.');
  await expect(dialog.getByLabel('Client ID')).toHaveValue(BITWARDEN_KEY.clientId);
  await expect(dialog.getByLabel('Client secret')).toHaveValue('WrongSecret000000000000000000x');
  await expect(dialog.getByLabel('Bitwarden server')).toHaveValue('eu');
  await expect(bitwarden.getByText('Not connected', { exact: true })).toBeVisible();

  await dialog.getByLabel('Client secret').fill(BITWARDEN_KEY.clientSecret);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(toast(page, 'status', 'Bitwarden connected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bitwarden.getByText('Connected', { exact: true })).toBeVisible();

  // The first sync runs in the background; the page follows it.
  const findings = page.getByRole('region', { name: 'Bitwarden organisation' });
  await expect(findings).toContainText('Not required', { timeout: 20_000 });
  await expect(bitwarden.getByTestId('lastSync')).toHaveText(
    /^Last sync: \d+ users? read, 0 checks passed, 2 failed\.$/,
  );
  // Of Brightwave's 10 members, Emma is only invited, Hiro revoked, Farid and Jonas absent.
  await expect(checkOf(page, 'Bitwarden', 'Members in the password manager')).toContainText(
    'Failed',
  );
  await expect(checkOf(page, 'Bitwarden', 'Members in the password manager')).toContainText(
    'Fails for 4 of 10',
  );
  const twoStep = checkOf(page, 'Bitwarden', 'Two-step login required');
  await expect(twoStep).toContainText('Failed');
  await expect(twoStep).toContainText('Two-step login is not required; 3 of 6 members have it on.');

  await expect(findings).toContainText(
    '3 of 6 members have it turned on; 1 invitation is not accepted yet.',
  );
  const table = findings.getByRole('table', { name: 'Bitwarden members needing attention' });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
  await expect(row('Chloe Davies')).toContainText('Two-step login off');
  await expect(row('Isla Jones')).toContainText('Two-step login off');
  await expect(row('Daniel Evans')).toContainText(
    'Waiting for an admin to confirm; two-step login off',
  );
  await expect(row('emma.fischer@brightwave.example')).toContainText('Invitation not accepted');
  // Those with two-step login on, and the revoked member, have nothing to do.
  await expect(
    table.getByRole('row', { name: /Alice Morgan|Ben Carter|Grace Hughes|Hiro Ito/ }),
  ).toHaveCount(0);
});

test('the two-step task appears for the admin, with what Bitwarden found', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const task = (await myTasks(page)).find(
    (t) => t.catalogueId === 'require-password-manager-two-step',
  );
  expect(task).toMatchObject({
    isCompleted: false,
    evidence: [expect.objectContaining({ source: 'bitwarden', verdict: 'fail' })],
  });
  const { item, checks } = await openTask(page, TWO_STEP_TASK);
  await expect(item).toContainText('Bitwarden found this is not done yet');
  await expect(checks).toContainText('Bitwarden found this is not done yet');
  await expect(checks).toContainText('Two-step login is not required; 3 of 6 members have it on.');
  await page.keyboard.press('Escape');

  // The check on the card leads to the same task.
  await page.goto('/integrations');
  await checkOf(page, 'Bitwarden', 'Two-step login required')
    .getByRole('link', { name: 'Open task: Two-step login required' })
    .click();
  await expect(page.getByRole('dialog', { name: TWO_STEP_TASK })).toBeVisible();
});

test('an admin connects AWS with an access key, after a wrong secret is refused', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const mine = (await myTasks(page)).map((t) => t.catalogueId);
  for (const id of Object.keys(AWS_TASKS)) expect(mine).not.toContain(id);
  const aws = card(page, 'Amazon Web Services');
  await aws.getByRole('button', { name: 'Connect Amazon Web Services' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Amazon Web Services' });
  const keyId = dialog.getByLabel('Access key ID');
  await expect(keyId).toBeFocused();
  await keyId.fill(AUDITOR_KEY.accessKeyId);
  await page.keyboard.press('Tab');
  const secret = dialog.getByLabel('Secret access key');
  await expect(secret).toBeFocused();
  // Forty characters of the right form, one of them wrong.
  const wrong = `${AUDITOR_KEY.secretAccessKey.slice(0, -1)}1`;
  await page.keyboard.type(wrong);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Role to assume (optional)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('External ID (optional)')).toBeFocused();
  await page.keyboard.press('Tab');
  const region = dialog.getByLabel('Main region');
  await expect(region).toBeFocused();
  await page.keyboard.type('us-east-1');
  await page.keyboard.press('Enter');

  const refusal = dialog
    .getByRole('alert')
    .filter({ hasText: 'Amazon Web Services was not connected' });
  await expect(refusal).toContainText('AWS did not accept the secret access key');
  await expect(keyId).toHaveValue(AUDITOR_KEY.accessKeyId);
  await expect(secret).toHaveValue(wrong);
  await expect(region).toHaveValue('us-east-1');

  await secret.fill(AUDITOR_KEY.secretAccessKey);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(toast(page, 'status', 'Amazon Web Services connected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(aws.getByText('Connected', { exact: true })).toBeVisible();

  // The first sync: Brightwave's account has root MFA on and no root key, Ben signs in without
  // MFA, deploy-bot's key is 200 days old, no trail and no S3 Block Public Access.
  const findings = page.getByRole('region', { name: 'AWS account' });
  await expect(findings).toContainText('Account 420012345678', { timeout: 20_000 });
  await expect(aws.getByTestId('lastSync')).toHaveText(
    /^Last sync: \d+ users? read, 2 checks passed, 4 failed\.$/,
  );
  for (const check of ['Root user MFA', 'No root access keys']) {
    await expect(checkOf(page, 'Amazon Web Services', check)).toContainText('Passed');
  }
  const failing = {
    'IAM users with MFA': '1 of 2 IAM users sign in without MFA: ben.carter.',
    'Access key rotation': '1 active access key is older than 90 days: deploy-bot (200 days).',
    'CloudTrail logging': 'No CloudTrail trail is set up',
    'S3 Block Public Access': 'Account-level S3 Block Public Access is not turned on.',
  };
  for (const [check, detail] of Object.entries(failing)) {
    const item = checkOf(page, 'Amazon Web Services', check);
    await expect(item).toContainText('Failed');
    await expect(item).toContainText(detail);
  }

  const table = findings.getByRole('table', { name: 'AWS findings' });
  await expect(table.getByRole('row', { name: /ben\.carter/ })).toContainText(
    'Signs in without MFA',
  );
  await expect(table.getByRole('row', { name: /deploy-bot/ })).toContainText('200 days old');
  // Those with MFA, and the auditor's own new key, are fine.
  await expect(table.getByRole('row', { name: /alice\.morgan|castellan-audit/ })).toHaveCount(0);
});

test('the AWS tasks appear for the admin, each as the sync judged it', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const tasks = await myTasks(page);
  const byId = (id: string) => tasks.find((t) => t.catalogueId === id);
  for (const id of ['aws-root-mfa', 'aws-no-root-access-keys']) {
    expect(byId(id), id).toMatchObject({
      isCompleted: true,
      evidence: [expect.objectContaining({ source: 'aws', verdict: 'pass' })],
    });
  }
  for (const id of [
    'aws-users-mfa',
    'aws-rotate-access-keys',
    'aws-cloudtrail-on',
    'aws-block-public-s3',
  ]) {
    expect(byId(id), id).toMatchObject({
      isCompleted: false,
      evidence: [expect.objectContaining({ source: 'aws', verdict: 'fail' })],
    });
  }

  const cloudTrail = await openTask(page, AWS_TASKS['aws-cloudtrail-on']);
  await expect(cloudTrail.item).toContainText('Amazon Web Services found this is not done yet');
  await expect(cloudTrail.checks).toContainText(
    'No CloudTrail trail is set up, so nothing records who does what in the account.',
  );
  await page.keyboard.press('Escape');
  const rootMfa = await openTask(page, AWS_TASKS['aws-root-mfa']);
  await expect(rootMfa.item).toContainText('Checked by Amazon Web Services');
  await page.keyboard.press('Escape');
});

test('disconnecting Bitwarden and AWS takes their tasks away again', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await disconnect(page, 'Bitwarden');
  await expect(page.getByRole('region', { name: 'Bitwarden organisation' })).toHaveCount(0);
  await disconnect(page, 'Amazon Web Services');
  await expect(page.getByRole('region', { name: 'AWS account' })).toHaveCount(0);

  const left = (await myTasks(page)).map((t) => t.catalogueId);
  for (const id of ['require-password-manager-two-step', ...Object.keys(AWS_TASKS)]) {
    expect(left).not.toContain(id);
  }
  await page.goto('/tasks');
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('All', { exact: true }).click();
  await openTaskCategories(page);
  const list = page.getByRole('region', { name: 'Tasks', exact: true });
  for (const title of [TWO_STEP_TASK, ...Object.values(AWS_TASKS)]) {
    await expect(list.getByRole('listitem', { name: title })).toHaveCount(0);
  }
});
