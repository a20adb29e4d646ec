import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

// Company status for the right eyes: a member sees the organisation's totals and their own row,
// an administrator sees everyone and can remind them.

type Employees = {
  view: 'everyone' | 'own';
  employees: { fullName: string; email: string; completedTasks: number; totalTasks: number }[];
  organizationTasks: { completedTasks: number; totalTasks: number };
};

const bodyRows = (page: Page) => page.getByRole('table', { name: 'Employees' }).locator('tbody tr');

test('a member sees the totals and their own row, and no colleague’s name', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/team-progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Company status' })).toBeVisible();
  const { teamProgress } = await (await page.request.get('/api/get-score')).json();
  await expect(page.getByRole('progressbar', { name: 'Organisation progress' })).toHaveAttribute(
    'aria-valuetext',
    `${teamProgress.completed} of ${teamProgress.total} tasks done, ${teamProgress.percent}%`,
  );
  const answer = (await (await page.request.get('/api/list-employees')).json()) as Employees;
  expect(answer.view).toBe('own');
  expect(answer.employees.map((e) => e.fullName)).toEqual(['Ben Carter']);

  await expect(bodyRows(page)).toHaveCount(1);
  const ben = answer.employees[0];
  await expect(bodyRows(page).first()).toContainText('Ben Carter');
  await expect(bodyRows(page).first()).toContainText(
    `${ben?.completedTasks} of ${ben?.totalTasks}`,
  );
  await expect(
    page.getByText('Only administrators see everyone’s progress.', { exact: false }),
  ).toBeVisible();
  // Nothing on the page names a colleague, nor offers to remind anyone.
  const text = (await page.locator('main').textContent()) ?? '';
  for (const colleague of ['Alice Morgan', 'Chloe Davies', 'Isla Jones', 'Jonas Keller']) {
    expect(text).not.toContain(colleague);
  }
  await expect(page.getByText('Most open high-risk tasks')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /reminder/i })).toHaveCount(0);
});

test('an administrator sends a reminder to one person and sees it confirmed', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/team-progress');
  const answer = (await (await page.request.get('/api/list-employees')).json()) as Employees;
  expect(answer.view).toBe('everyone');
  await expect(bodyRows(page)).toHaveCount(answer.employees.length);
  // The organisation's tasks are counted once, apart from Alice's own.
  const organization = answer.organizationTasks;
  await expect(page.getByRole('progressbar', { name: 'Organisation tasks' })).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${organization.completedTasks} of ${organization.totalTasks} tasks done`),
  );

  const row = bodyRows(page).filter({ hasText: 'Ben Carter' });
  await row.getByRole('button', { name: 'Send reminder to Ben Carter' }).click();
  await expect(page.getByText('Reminder sent to Ben Carter')).toBeVisible();
  const messages = await (await page.request.get('/api/mail/messages')).json();
  expect(messages.messages[0]).toMatchObject({
    kind: 'reminder',
    recipient: 'ben.carter@brightwave.example',
  });

  // A second one the same day is not sent.
  await row.getByRole('button', { name: 'Send reminder to Ben Carter' }).click();
  await expect(page.getByText('No reminder was sent')).toBeVisible();
});
