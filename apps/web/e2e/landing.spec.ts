import type { Page } from '@playwright/test';
import { BENEFITS } from '../src/features/landing/benefits';
import { expect, json, test, testLoginLink } from './helpers';

test('the start page says what Castellan does and offers to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Castellan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Security that a small team can actually keep up with',
  );
  await expect(page.getByText(/cyber score/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await testLoginLink(page).click();
  await expect(page).toHaveURL(/\/test-login$/);
});

test('the domain box opens the public risk analysis of the host name', async ({ page }) => {
  await page.route('**/api/risk-analysis/public**', (route) =>
    json(route, 400, { error: 'Not scanned in this test.' }),
  );
  await page.goto('/');
  await page.getByLabel('Free risk analysis of any domain').fill('https://www.Example.com/x');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page).toHaveURL(/\/risk-analysis\/public\/www\.example\.com$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk analysis of www.example.com' }),
  ).toBeVisible();
});

test('the domain box submits with Enter', async ({ page }) => {
  await page.goto('/');
  const box = page.getByLabel('Free risk analysis of any domain');
  await box.fill('  someone@Brightwave.example ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/risk-analysis\/public\/brightwave\.example$/);
});

test('an invalid domain shows an error and stays on the page', async ({ page }) => {
  await page.goto('/');
  const box = page.getByLabel('Free risk analysis of any domain');
  await box.fill('not a domain');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/"not a domain" is not a domain name/);
  await expect(page).toHaveURL(/\/$/);

  // Typing again clears the error; an empty box has its own message.
  await box.fill('');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByText('Enter a domain, for example example.com.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('with login=true it asks the visitor to log in', async ({ page }) => {
  await page.goto('/?login=true');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please login to continue.');
  await expect(testLoginLink(page)).toBeVisible();
});

/** How far the page scrolls past the screen's width: nothing may stick out sideways. */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const screen of [
  { name: 'a desktop', width: 1280, height: 800 },
  { name: 'a phone', width: 375, height: 812 },
]) {
  test.describe(`on ${screen.name} (${screen.width}×${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the start page shows the product, three benefits and branded sign-in', async ({
      page,
    }) => {
      await page.goto('/');
      const picture = page.getByRole('img', { name: /^The Castellan Overview/ });
      await expect(picture).toBeVisible();
      // Laid out (visible) comes before loaded: wait for the picture itself.
      await expect
        .poll(() =>
          picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        )
        .toBeGreaterThan(0);
      expect((await picture.boundingBox())?.width).toBeGreaterThan(screen.width > 1000 ? 400 : 300);

      const benefits = page.getByRole('list', { name: 'What Castellan does for you' });
      await expect(benefits.getByRole('listitem')).toHaveCount(3);
      for (const benefit of BENEFITS) {
        await expect(benefits.getByText(benefit.title)).toBeVisible();
        await expect(benefits.getByText(benefit.text)).toBeVisible();
      }

      const signIn = page.getByRole('region', { name: 'Sign in' });
      await expect(signIn.getByText('Sign in with your work account')).toBeVisible();
      for (const [provider, id] of [
        ['Google', 'google'],
        ['Microsoft', 'microsoft'],
      ]) {
        // The mark is decoration: the button keeps its own name, and still goes to the provider.
        const button = signIn.getByRole('link', { name: `Sign in with ${provider}`, exact: true });
        await expect(button).toHaveAttribute('href', `/api/auth/${id}/login`);
        const mark = button.locator(`img[data-mark="${id}"]`);
        await expect(mark).toBeVisible();
        await expect(mark).toHaveAttribute('alt', '');
        expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Security that a small team can actually keep up with',
      );
      await expect(page.getByLabel('Free risk analysis of any domain')).toBeVisible();
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
    });
  });
}

test('on a desktop the text and the picture sit side by side above the fold', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const picture = await page.getByRole('img', { name: /^The Castellan Overview/ }).boundingBox();
  const signIn = await page.getByRole('link', { name: 'Sign in with Google' }).boundingBox();
  expect(heading && picture && signIn).toBeTruthy();
  if (!heading || !picture || !signIn) return;
  // Two columns: the picture starts right of the heading, and both start near the top.
  expect(picture.x).toBeGreaterThan(heading.x + heading.width / 2);
  expect(Math.abs(picture.y - heading.y)).toBeLessThan(200);
  // The sign-in buttons need no scrolling.
  expect(signIn.y + signIn.height).toBeLessThanOrEqual(800);
});
