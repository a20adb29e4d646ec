import type { Page } from '@playwright/test';
import { expect, json, mainMenu, openAppAs, test } from './helpers';
import { fakeOrganizationAnalysis, riskAnalysisSummary } from './hub-fixtures';

/** The Overview (/dashboard). Read-only: the member who completes a task is in tasks.spec.ts. */

type Score = {
  score: number;
  grade: string;
  breakdown: { category: string; score: number }[];
  history: { date: string; score: number }[];
  yourProgress: { completed: number; total: number; percent: number };
  teamProgress: { completed: number; total: number; percent: number };
};

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const progressText = (p: Score['yourProgress']) =>
  `${p.completed} of ${p.total} tasks done, ${p.percent}%`;

test('a member’s overview greets them and leads to their most urgent task', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  await expect(page).toHaveTitle('Overview | Castellan');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Overview' })).toBeVisible();

  const welcome = page.locator('#welcome');
  await expect(welcome.getByRole('heading', { name: 'Welcome, Ben' })).toBeVisible();
  await expect(welcome).toContainText('Your most urgent task:');
  const start = welcome.getByRole('link', { name: 'Start this task' });
  await expect(start).toHaveAttribute('href', '/tasks');
  const title = await welcome.getByTestId('nextTaskTitle').textContent();
  await start.click();
  // The open task shows its own address, /tasks/<id>.
  await expect(page).toHaveURL(/\/tasks\/[^/?#]+$/);
  await expect(page.getByRole('dialog', { name: title ?? '' })).toBeVisible();
});

test('the cyber score shows its grade, an accessible trend and the breakdown', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  const score = await apiGet<Score>(page, 'get-score');
  const card = page.locator('#cyberScore');
  await expect(card.getByRole('heading', { name: 'Cyber score' })).toBeVisible();
  await expect(card.getByTestId('scoreValue')).toHaveText(`${score.score}/100`);
  await expect(card).toContainText(`Grade ${score.grade}`);
  // A group: its days with changes are points of their own, each named.
  const chart = card.getByRole('group', { name: /^Cyber score trend: / });
  await expect(chart).toBeVisible();
  const last = score.history.at(-1);
  expect(last?.score).toBe(score.score);
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${score.score} on `));

  const breakdown = card.getByRole('list', { name: 'Score by category' });
  await expect(breakdown.getByRole('listitem')).toHaveCount(score.breakdown.length);
  for (const area of score.breakdown) {
    await expect(breakdown.getByRole('progressbar', { name: area.category })).toHaveAttribute(
      'aria-valuenow',
      String(area.score),
    );
  }
});

test('the overview has the parts the admin tour points at, with both progress bars', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  const score = await apiGet<Score>(page, 'get-score');
  for (const id of ['welcome', 'cyberScore', 'yourProgress', 'teamProgress']) {
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
  await expect(
    page.locator('#yourProgress').getByRole('progressbar', { name: 'Your progress' }),
  ).toHaveAttribute('aria-valuetext', progressText(score.yourProgress));
  await expect(
    page.locator('#teamProgress').getByRole('progressbar', { name: 'Team progress' }),
  ).toHaveAttribute('aria-valuetext', progressText(score.teamProgress));
  await page.locator('#teamProgress').getByRole('link', { name: 'See the company status' }).click();
  await expect(page).toHaveURL(/\/team-progress$/);
});

test('stopped attacks show the total with failed logins and blocked spam', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  const organization = await apiGet<{
    metrics: { stopped_attacks: { failed_logins: number; blocked_spam: number } };
  }>(page, 'organization');
  const { failed_logins, blocked_spam } = organization.metrics.stopped_attacks;
  // The demo company's integrations counted 37 failed logins and 412 spam mails.
  expect([failed_logins, blocked_spam]).toEqual([37, 412]);
  const card = page.getByRole('region', { name: 'Stopped attacks' });
  await expect(card.getByTestId('stoppedAttacksTotal')).toHaveText('449');
  await expect(card).toContainText('Failed logins37');
  await expect(card).toContainText('Blocked spam412');
});

test('the expected breach cost is $4,880,000 until a risk analysis gives one', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  // The demo company has only its sample report, which is no analysis of its own: the default.
  const organization = await apiGet<Record<string, unknown>>(page, 'organization');
  expect(organization.riskAnalysis).toBeNull();
  const card = page.getByRole('region', { name: 'Expected breach cost' });
  await expect(card.getByTestId('breachCost')).toHaveText('$4,880,000');
  await expect(card).toContainText('until a risk analysis');

  // An estimate of the organisation's own is shown instead, without decimals.
  await page.unrouteAll();
  const analysis = riskAnalysisSummary({
    expectedBreachCost: 1234567.89,
    expectedBreachCostRange: { low: 1234567.89, expected: 1234567.89, high: 1234567.89 },
    biggestReduction: null,
  });
  await page.route('**/api/organization', (route) =>
    json(route, 200, { ...organization, risk_analysis: analysis, riskAnalysis: analysis }),
  );
  await page.reload();
  await expect(card.getByTestId('breachCost')).toHaveText('$1,234,568');
  await expect(card).toContainText('Estimated by the risk analysis');
  // A model without spread has no range to show, and no task lowers it.
  await expect(card.getByTestId('breachCostRange')).toHaveCount(0);
  await expect(card.getByTestId('biggestReduction')).toHaveCount(0);

  // Zero or less falls back to the default.
  await page.unrouteAll();
  const zero = riskAnalysisSummary({ expectedBreachCost: 0 });
  await page.route('**/api/organization', (route) =>
    json(route, 200, { ...organization, risk_analysis: zero, riskAnalysis: zero }),
  );
  await page.reload();
  await expect(card.getByTestId('breachCost')).toHaveText('$4,880,000');
  await expect(card.getByTestId('breachCostRange')).toHaveCount(0);
});

test('the expected breach cost shows its range and what lowers it most', async ({ page }) => {
  await fakeOrganizationAnalysis(page, riskAnalysisSummary());
  await openAppAs(page, 'Ben Carter', '/dashboard');
  const card = page.getByRole('region', { name: 'Expected breach cost' });
  await expect(card.getByTestId('breachCost')).toHaveText('$2,400,000');
  await expect(card.getByTestId('breachCostRange')).toHaveText(
    'Range: $1,200,000 (low) – $2,400,000 (expected) – $4,100,000 (high)',
  );
  await expect(card.getByTestId('biggestReduction')).toHaveText(
    'What lowers it most: Turn on MFA for every account (−$450,000)',
  );
  await card.getByRole('link', { name: 'Turn on MFA for every account' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('a failed score load shows an error with a retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/get-score', (route) =>
    fail ? json(route, 500, { error: 'Scores are resting.' }) : route.continue(),
  );
  await openAppAs(page, 'Ben Carter', '/dashboard');
  const error = page.getByRole('alert').filter({ hasText: 'Could not load the cyber score' });
  await expect(error).toContainText('Scores are resting.');
  fail = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('#cyberScore')).toBeVisible();
});

test('on a 375 px wide screen the overview fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  await expect(page.locator('#cyberScore')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Expected breach cost' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
