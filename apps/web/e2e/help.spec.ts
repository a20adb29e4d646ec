import type { Page } from '@playwright/test';
import { expect, json, mainMenu, openAppAs, seriousViolations, test } from './helpers';

const ARTICLE_COUNT = 9;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search help' });
const articleList = (page: Page) => page.getByRole('list', { name: 'Help articles' });
const articleLinks = (page: Page) => articleList(page).getByRole('link');
const articleHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

test('the menu opens Help, and searching narrows the list, also by words of the text', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/dashboard');
  await mainMenu(page).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(articleLinks(page)).toHaveCount(ARTICLE_COUNT);

  // Typed key by key, as a person does: the box keeps the focus and the address follows.
  await searchBox(page).pressSequentially('scopes');
  await expect(searchBox(page)).toBeFocused();
  await expect(page).toHaveURL(/\/help\?q=scopes$/);
  await expect(articleLinks(page)).toHaveText(['What each integration reads, and why']);

  // Every word must match, whatever the case and accents.
  await searchBox(page).fill('GRADE réport Bónus');
  await expect(articleLinks(page)).toHaveText(['How the domain grade is worked out']);

  // A word that only the body of one article holds finds it, with the passage it is in.
  await searchBox(page).fill('fingerprint');
  await expect(articleLinks(page)).toHaveText(['Privacy and your data']);
  await expect(articleList(page).getByRole('listitem')).toContainText('only a fingerprint (hash)');

  // The typed search is in the address: Back from an article comes back to it.
  await articleLinks(page).first().click();
  await expect(articleHeading(page, 'Privacy and your data')).toBeFocused();
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('fingerprint');
  await expect(articleLinks(page)).toHaveText(['Privacy and your data']);

  // Help in the menu starts afresh.
  await mainMenu(page).getByRole('link', { name: 'Help' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/help$/);
  await expect(articleLinks(page)).toHaveCount(ARTICLE_COUNT);
});

test('a search that finds nothing says so and can be cleared', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/help');
  await searchBox(page).fill('quantum pineapple');
  await expect(page.getByText('No articles match “quantum pineapple”.')).toBeVisible();
  await expect(articleList(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(page).toHaveURL(/\/help$/);
  await expect(articleLinks(page)).toHaveCount(ARTICLE_COUNT);
});

test('the search survives a reload, and an article opens with its heading and returns with Back', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/help?q=dmarc');
  await page.reload();
  await expect(searchBox(page)).toHaveValue('dmarc');
  await expect(articleLinks(page)).toHaveText([
    'Getting started',
    'How the cyber score is computed',
    'How the domain grade is worked out',
  ]);

  await articleLinks(page).filter({ hasText: 'How the domain grade is worked out' }).click();
  await expect(page).toHaveURL(/\/help\?q=dmarc&article=domain-report-grade$/);
  const heading = articleHeading(page, 'How the domain grade is worked out');
  await expect(heading).toBeFocused();
  await expect(page.getByRole('heading', { name: 'The grade', exact: true })).toHaveAttribute(
    'id',
    'the-grade',
  );

  // Links between articles stay in the app.
  await page.getByRole('link', { name: 'How the cyber score is computed' }).click();
  await expect(articleHeading(page, 'How the cyber score is computed')).toBeFocused();

  await page.goBack();
  await expect(heading).toBeVisible();
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('dmarc');
  await expect(articleLinks(page)).toHaveCount(3);

  await articleLinks(page).first().click();
  await page.getByRole('link', { name: '← All help articles' }).click();
  await expect(page).toHaveURL(/\/help\?q=dmarc$/);
  await expect(searchBox(page)).toHaveValue('dmarc');
});

test('a link to a section of an article shows that section', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Ben Carter', '/help?article=cyber-score#grades');
  await expect(page.getByRole('heading', { name: 'Grades', exact: true })).toBeInViewport();
});

test('a link to a missing article says so', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/help?article=no-such-thing');
  await expect(page.getByText('There is no help article called “no-such-thing”.')).toBeVisible();
  await page.getByRole('link', { name: 'All help articles' }).click();
  await expect(articleLinks(page)).toHaveCount(ARTICLE_COUNT);
});

test('support is the configured e-mail address, as a mailto link', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/help?article=contact-support');
  const config = (await (await page.request.get('/api/app-config')).json()) as {
    supportEmail: string;
  };
  expect(config.supportEmail).toBe('support@castellan.example');
  await expect(page.getByRole('link', { name: config.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${config.supportEmail}`,
  );

  // Another SUPPORT_EMAIL shows instead, wherever the articles name it.
  await page.route('**/api/app-config', async (route) => {
    const real = await (await route.fetch()).json();
    await json(route, 200, { ...real, supportEmail: 'helpdesk@support.example.org' });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'helpdesk@support.example.org' })).toHaveAttribute(
    'href',
    'mailto:helpdesk@support.example.org',
  );
  await page.goto('/help?q=helpdesk');
  await expect(articleLinks(page)).toHaveText(['Privacy and your data', 'Contact support']);
});

test('members read about the tour without a Restart Tour button', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/help?article=guided-tour');
  await expect(articleHeading(page, 'The guided tour')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restart Tour' })).toHaveCount(0);
});

test.describe('with the real tour', () => {
  test.use({ tour: 'real' });

  test('an administrator restarts the tour from its article', async ({ page }) => {
    await openAppAs(page, 'Olivia Parker', '/settings');
    const dismiss = () =>
      page.request.put('/api/tours/main', { data: { currentStepId: null, status: 'dismissed' } });
    expect((await dismiss()).status()).toBe(200);
    try {
      await page.goto('/help?article=guided-tour');
      await expect(articleHeading(page, 'The guided tour')).toBeVisible();
      await expect(page.locator('.driver-popover')).toHaveCount(0);
      await page.getByRole('button', { name: 'Restart Tour' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome to Castellan' })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await dismiss();
    }
  });
});

test('Help fits a 375 px wide screen and has no serious WCAG violation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const check = async (where: string) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scrolling on ${where}`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `WCAG violations on ${where}`).toEqual([]);
  };

  await openAppAs(page, 'Alice Morgan', '/help?q=score');
  await expect(articleLinks(page).first()).toBeVisible();
  await check('the search results');
  await page.goto('/help?article=integrations-permissions');
  await expect(articleHeading(page, 'What each integration reads, and why')).toBeVisible();
  await check('an article');
  await page.goto('/help?q=nothing-matches-this');
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await check('the empty search');
});
