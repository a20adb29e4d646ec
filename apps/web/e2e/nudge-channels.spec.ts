import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack } from './stack';

// Slack and Microsoft Teams as the channels nudges go through: an administrator connects each at
// its fake (slack/demo-world.ts, teams/demo-world.ts), chooses it in Settings and sends herself a
// test nudge; the fakes show what arrived, and its buttons work: Slack's are pressed through the
// fake (a request signed as Slack signs it), Teams' open the task in Castellan.

const SLACK = () => currentStack().fakes.slack;
const TEAMS = () => currentStack().fakes.teams;

type SlackMessage = {
  channel: string;
  text: string;
  blocks: { type: string; block_id?: string; elements?: { action_id: string; value: string }[] }[];
};
type OpenUrl = { type: string; title: string; url: string };
type TeamsPost = {
  recipient: string | null;
  delivered: boolean;
  card: { body: { type: string; actions?: OpenUrl[] }[]; actions: OpenUrl[] };
};

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name });

async function chooseChannel(page: Page, name: string) {
  await page.goto('/settings#notifications');
  const section = page.getByRole('region', { name: 'Nudges' });
  // The choice is saved at once; the radio follows the server's answer.
  await section.getByRole('radio', { name }).click();
  await expect(section.getByRole('radio', { name })).toBeChecked();
}

async function sendTestNudge(page: Page, provider: string) {
  await page.goto('/integrations');
  const findings = page.getByRole('region', { name: `Nudges through ${provider}` });
  await expect(findings).toContainText(`People get their nudges about due tasks in ${provider}`);
  await findings.getByRole('button', { name: 'Send me a test nudge' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test nudge sent' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  for (const url of [SLACK(), TEAMS()])
    expect((await request.post(`${url}/__fake/reset`)).ok()).toBe(true);
});

test('Slack: connected, chosen, a test nudge arrives with buttons that work, and a forged press is refused', async ({
  page,
  request,
}) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await card(page, 'Slack').getByRole('button', { name: 'Connect Slack' }).click();
  // The fake Slack's install page: the channel for the daily summary, then Allow.
  await page.getByLabel(/Where should .* post\?/).selectOption({ label: '#security' });
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(card(page, 'Slack').getByText('Connected', { exact: true })).toBeVisible();
  const workspace = page.getByText('Slack workspace Brightwave');
  await expect(workspace).toBeVisible({ timeout: 30_000 });

  await chooseChannel(page, 'Slack');
  await sendTestNudge(page, 'Slack');

  let dm: SlackMessage | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`${SLACK()}/__fake/messages`)).json()) as {
          messages: SlackMessage[];
        };
        dm = messages.find((m) => m.channel.startsWith('D'));
        return dm !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const actions = dm?.blocks.find((b) => b.type === 'actions');
  const snooze = actions?.elements?.find((e) => e.action_id === 'task_snooze');
  expect(actions?.elements?.map((e) => e.action_id)).toEqual(['task_done', 'task_snooze']);
  if (!snooze) throw new Error('no Snooze button');

  // A press whose signature Slack did not make is refused, and changes nothing.
  const forged = await request.post(`${SLACK()}/__fake/press`, {
    data: { actionId: 'task_snooze', value: snooze.value, tamper: 'signature' },
  });
  expect(((await forged.json()) as { answer: { status: number } }).answer.status).toBe(401);
  await page.goto(`/tasks/${encodeURIComponent(snooze.value)}`);
  await expect(page.getByRole('dialog')).not.toContainText('Snoozed until');

  // "Snooze a week", as Alice presses it in Slack: the task is snoozed, the message replaced.
  const pressed = await request.post(`${SLACK()}/__fake/press`, {
    data: { actionId: 'task_snooze', value: snooze.value },
  });
  const press = (await pressed.json()) as { answer: { status: number }; responses: unknown[] };
  expect(press.answer.status).toBe(200);
  await expect.poll(() => press.responses.length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText('Snoozed until');
});

test('Microsoft Teams: connected with its workflow addresses, a test nudge arrives whose button opens the task', async ({
  page,
  request,
}) => {
  const addresses = (await (await request.get(`${TEAMS()}/__fake/addresses`)).json()) as {
    channel: string;
    direct: string;
  };
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await card(page, 'Microsoft Teams')
    .getByRole('button', { name: 'Connect Microsoft Teams' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Connect Microsoft Teams' });
  await dialog.getByLabel(/Channel workflow address/).fill(addresses.channel);
  await dialog.getByLabel(/Direct message workflow address/).fill(addresses.direct);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Microsoft Teams').getByText('Connected', { exact: true })).toBeVisible();

  await chooseChannel(page, 'Microsoft Teams');
  await sendTestNudge(page, 'Microsoft Teams');

  let post: TeamsPost | undefined;
  await expect
    .poll(
      async () => {
        const { posts } = (await (await request.get(`${TEAMS()}/__fake/posts`)).json()) as {
          posts: TeamsPost[];
        };
        post = posts.find((p) => p.recipient === 'alice.morgan@brightwave.example');
        return post !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(post?.delivered).toBe(true);
  // Each task has its button; the card's own opens the whole list.
  const buttons = (post?.card.body ?? []).flatMap((e) =>
    e.type === 'ActionSet' ? (e.actions ?? []) : [],
  );
  const [open] = buttons;
  if (!open) throw new Error('no button opening a task');
  expect(open.type).toBe('Action.OpenUrl');
  expect(new URL(open.url).origin).toBe(new URL(page.url()).origin);
  await page.goto(open.url);
  const task = page.getByRole('dialog');
  await expect(task).toBeVisible();
  await expect(task).toContainText(open.title.replace(/^Open: /, ''));
  expect(post?.card.actions.map((a) => a.title)).toEqual(['See all your tasks']);
});
