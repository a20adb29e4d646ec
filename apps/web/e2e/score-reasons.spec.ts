import { expect, openAppAs, test } from './helpers';
import { fakeOrganizationAnalysis, riskAnalysisSummary } from './hub-fixtures';

/** What moved the score, and why the expected breach cost is what it is (issue 34). */

test('completing a task shows under “What moved your score” on the Overview', async ({ page }) => {
  await openAppAs(page, 'Isla Jones', '/dashboard');
  const moved = page.getByRole('region', { name: 'What moved your score' });
  await expect(moved).toBeVisible();

  await page.locator('#welcome').getByRole('link', { name: 'Start this task' }).click();
  const dialog = page.getByRole('dialog');
  const title = (await dialog.getByRole('heading').first().textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();

  await page.goto('/dashboard');
  const latest = moved.getByRole('listitem').first();
  await expect(latest).toContainText(
    new RegExp(`^\\+\\d+\\.\\d+“${title}” done for Isla Jones \\(marked by Isla Jones\\)`),
  );
  // The trend's point of today says the same, to the keyboard and to screen readers.
  const point = page
    .getByRole('group', { name: /^Cyber score trend/ })
    .getByRole('img', { name: new RegExp(`“${title}” done for Isla Jones`) });
  await point.focus();
  await expect(page.getByTestId('trendPointChanges')).toContainText(`“${title}” done`);
});

test('the breach cost card explains itself behind “Why this figure?”', async ({ page }) => {
  // The demo organisation has no scan of its own (its sample report gives no figure) and the test
  // server cannot scan: its analysis is answered here. The server's explanation is tested in
  // attack-graph/routes.test.ts ("explains the expected breach cost…").
  await fakeOrganizationAnalysis(page, riskAnalysisSummary());
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  const card = page.getByRole('region', { name: 'Expected breach cost' });
  const why = card.getByRole('button', { name: 'Why this figure?' });
  await expect(why).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByTestId('breachCostWhy')).toBeHidden();
  await why.press('Enter');
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  const figure = (await card.getByTestId('breachCost').textContent()) ?? '';
  const explanation = card.getByTestId('breachCostWhy');
  await expect(explanation).toContainText(`Why ${figure}: 10 people,`);
  await expect(explanation).toContainText('a breach of a company your size costs about $');
  await expect(explanation).toContainText(
    /Since (today|last week|\d+ \w+ \(the first figure kept\)):/,
  );

  // The risk analysis page shows the same figure with the same explanation.
  await page.goto('/risk-analysis');
  await page.getByRole('button', { name: 'Why this figure?' }).click();
  await expect(page.getByTestId('breachCostWhy')).toContainText(`Why ${figure}:`);
});
