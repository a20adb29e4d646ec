import type { Page } from '@playwright/test';
import { ACCOUNT_MENU_NAME, expect, interLoaded, openAppAs, test } from './helpers';

/**
 * Screenshots of the main screens at desktop and phone sizes, for people to look at
 * (test-results/screenshots/, git-ignored). The checks here only catch what a machine can see:
 * content wider than the screen.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'landing',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'test-login',
    open: async (page) => {
      await page.goto('/test-login');
      await expect(page.getByRole('button', { name: /^Sign in as / }).first()).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    open: async (page) => {
      await openAppAs(page, 'Alice Morgan');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    },
  },
  {
    name: 'registration-scan',
    open: async (page) => {
      await openAppAs(page, 'Noah Fields');
      await expect(page).toHaveURL(/\/registration\/scan$/);
    },
  },
];

/** Waits for the self-hosted font (it loads when the browser is idle) and running transitions. */
async function settle(page: Page) {
  await expect.poll(() => page.evaluate(interLoaded)).toBe(true);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

for (const screen of SCREENS) {
  test(`${screen.name} fits desktop and phone screens`, async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (size === SIZES[0]) await screen.open(page);
      await settle(page);
      await page.screenshot({
        path: `test-results/screenshots/${screen.name}-${size.name}.png`,
        fullPage: true,
      });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `page width at ${size.width}px`).toBeLessThanOrEqual(size.width);
    }
  });
}

test.describe('with the consent dialog open', () => {
  test.use({ consent: 'none' });

  for (const size of SIZES) {
    test(`the dialog fits at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Cookies on Castellan' });
      await expect(dialog).toBeVisible();
      await settle(page);
      await expect(dialog).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `test-results/screenshots/consent-${size.name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
    });
  }
});

test.describe('with the menu open on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the opened sidebar fits the screen', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    await page.getByRole('button', { name: 'Expand main menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeInViewport({ ratio: 1 });
    await settle(page);
    await page.screenshot({ path: 'test-results/screenshots/dashboard-menu-phone.png' });
    await page.getByRole('button', { name: ACCOUNT_MENU_NAME }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeInViewport();
    await settle(page);
    await page.screenshot({ path: 'test-results/screenshots/dashboard-avatar-menu-phone.png' });
  });
});
