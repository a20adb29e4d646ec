import type { Page } from '@playwright/test';
import { expect, mainMenu, openAppAs, test } from './helpers';

/** "Company status" (/team-progress): read-only, so the figures come from the API at the time. */

type Employee = {
  fullName: string;
  email: string;
  completedTasks: number;
  totalTasks: number;
  openHighRiskTasks: number;
};

async function apiEmployees(page: Page): Promise<Employee[]> {
  const response = await page.request.get('/api/list-employees');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { employees: Employee[] }).employees;
}

const table = (page: Page) => page.getByRole('table', { name: 'Employees' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const firstCells = async (page: Page) =>
  (await bodyRows(page).locator('td:first-child').allTextContents()).map((t) => t.trim());
const byName = (a: Employee, b: Employee) => a.fullName.localeCompare(b.fullName);

async function openCompanyStatus(page: Page) {
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  await mainMenu(page).getByRole('link', { name: 'Company status' }).click();
  await expect(page).toHaveURL(/\/team-progress$/);
  await expect(page).toHaveTitle('Company status | Castellan');
  await expect(page.getByRole('heading', { level: 1, name: 'Company status' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
}

test('an administrator sees every employee’s progress and who has most high-risk tasks open', async ({
  page,
}) => {
  await openCompanyStatus(page);
  const employees = await apiEmployees(page);
  const score = (await (await page.request.get('/api/get-score')).json()) as {
    teamProgress: { completed: number; total: number; percent: number };
  };
  const team = score.teamProgress;
  await expect(page.getByRole('progressbar', { name: 'Organisation progress' })).toHaveAttribute(
    'aria-valuetext',
    `${team.completed} of ${team.total} tasks done, ${team.percent}%`,
  );

  await expect(bodyRows(page)).toHaveCount(employees.length);
  expect(await firstCells(page)).toEqual([...employees].sort(byName).map((e) => e.fullName));
  const ben = employees.find((e) => e.fullName === 'Ben Carter');
  if (!ben) throw new Error('Ben Carter is not listed');
  const row = bodyRows(page).filter({ hasText: 'Ben Carter' });
  await expect(row).toContainText('ben.carter@brightwave.example');
  await expect(row).toContainText('Member');
  await expect(row).toContainText(`${ben.completedTasks} of ${ben.totalTasks}`);
  await expect(row.getByRole('progressbar', { name: 'Completion of Ben Carter' })).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: 'Alice Morgan' })).toContainText('Administrator');

  const most = Math.max(...employees.map((e) => e.openHighRiskTasks));
  const callout = page.getByRole('alert').filter({ hasText: 'Most open high-risk tasks' });
  const leaders = employees.filter((e) => e.openHighRiskTasks === most).sort(byName);
  await expect(callout).toContainText(leaders[0]?.fullName ?? '');
  await expect(callout).toContainText(`the most open high-risk tasks of their own (${most}`);
  // Alice's row counts her own tasks; the organisation's are counted once, apart.
  const alice = employees.find((e) => e.fullName === 'Alice Morgan');
  expect(alice?.totalTasks).toBe(ben.totalTasks);
});

test('the table sorts by name, completion and open high-risk tasks', async ({ page }) => {
  await openCompanyStatus(page);
  const employees = await apiEmployees(page);
  const header = (name: string) =>
    table(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

  await header('Name').getByRole('button').click();
  await expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  expect(await firstCells(page)).toEqual(
    [...employees]
      .sort(byName)
      .reverse()
      .map((e) => e.fullName),
  );

  await header('Open high-risk').getByRole('button').click();
  await expect(header('Open high-risk')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Name')).toHaveAttribute('aria-sort', 'none');
  expect(await firstCells(page)).toEqual(
    [...employees]
      .sort((a, b) => b.openHighRiskTasks - a.openHighRiskTasks || byName(a, b))
      .map((e) => e.fullName),
  );

  await header('Completion').getByRole('button').click();
  await expect(header('Completion')).toHaveAttribute('aria-sort', 'ascending');
  const share = (e: Employee) => (e.totalTasks === 0 ? 1 : e.completedTasks / e.totalTasks);
  expect(await firstCells(page)).toEqual(
    [...employees].sort((a, b) => share(a) - share(b) || byName(a, b)).map((e) => e.fullName),
  );
  await header('Completion').getByRole('button').click();
  await expect(header('Completion')).toHaveAttribute('aria-sort', 'descending');
});

test('the search finds employees by name or e-mail', async ({ page }) => {
  await openCompanyStatus(page);
  const search = page.getByRole('searchbox', { name: 'Search employees' });
  await search.fill('chloe');
  expect(await firstCells(page)).toEqual(['Chloe Davies']);
  await search.fill('BEN.CARTER@brightwave');
  expect(await firstCells(page)).toEqual(['Ben Carter']);
  await search.fill('nobody-here');
  await expect(bodyRows(page)).toHaveCount(0);
  await expect(page.getByText('Nobody’s name or e-mail matches “nobody-here”.')).toBeVisible();
  await search.fill('');
  await expect(bodyRows(page)).toHaveCount((await apiEmployees(page)).length);
});

test('a member opens /team-progress and sees their own row, though it is not in their menu', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/team-progress');
  await expect(page).toHaveURL(/\/team-progress$/);
  await expect(page).toHaveTitle('Company status | Castellan');
  await expect(page.getByRole('heading', { level: 1, name: 'Company status' })).toBeVisible();
  const employees = await apiEmployees(page);
  expect(employees.map((e) => e.fullName)).toEqual(['Ben Carter']);
  await expect(bodyRows(page)).toHaveCount(1);
  expect(await firstCells(page)).toEqual(['Ben Carter']);
  await expect(bodyRows(page).filter({ hasText: 'Chloe Davies' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Organisation progress' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Your tasks' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Company status' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('on a 375 px wide screen the employees are cards and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Alice Morgan', '/team-progress');
  const cards = page.getByRole('list', { name: 'Employees' });
  const chloe = cards.getByRole('listitem', { name: 'Chloe Davies' });
  await expect(chloe).toContainText('chloe.davies@brightwave.example');
  await expect(
    chloe.getByRole('progressbar', { name: 'Completion of Chloe Davies' }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Without column headers the order is chosen from a list.
  const employees = await apiEmployees(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Name (Z–A)');
  const names = await cards
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  expect(names).toEqual(
    [...employees]
      .sort(byName)
      .reverse()
      .map((e) => e.fullName),
  );
});
