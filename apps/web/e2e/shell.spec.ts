import {
  ACCOUNT_MENU_NAME,
  ADMIN_MENU,
  accountMenu,
  chooseFromAccountMenu,
  expect,
  holdRequests,
  mainMenu,
  openAppAs,
  test,
} from './helpers';

test.describe('app layout', () => {
  test('has a top bar with the logo link home, the main menu and the avatar menu', async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan');
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'Castellan home' })).toHaveAttribute('href', '/');
    await expect(topBar.getByRole('button', { name: ACCOUNT_MENU_NAME })).toBeVisible();
    await expect(mainMenu(page)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Overview');

    await topBar.getByRole('link', { name: 'Castellan home' }).click();
    // A registered user opening / is sent on to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the avatar is named first by the initials it shows (Label in Name)', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const avatar = accountMenu(page);
    await expect(avatar).toHaveText('AM');
    await expect(avatar).toHaveAccessibleName(
      'AM, account menu for alice.morgan@brightwave.example',
    );
    await avatar.hover();
    await expect(page.getByRole('tooltip')).toHaveText('alice.morgan@brightwave.example');
  });

  test('the main area shows Loading... while the next page loads', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    // Every navigation re-checks the session first; hold that check.
    const userData = await holdRequests(page, '**/api/auth/user-data');
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText('Loading...');
    // The frame stays while the content loads.
    await expect(mainMenu(page)).toBeVisible();
    await expect(accountMenu(page)).toBeVisible();

    await userData.release();
    await expect(main.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(main.getByText('Loading...')).toHaveCount(0);
  });

  test('the registration layout centres the logo above its slots', async ({ page }) => {
    await openAppAs(page, 'Noah Fields');
    await expect(page).toHaveURL(/\/registration\/scan$/);
    const header = page.getByRole('banner');
    await expect(header).toContainText('Castellan');
    const logo = header.getByText('Castellan');
    const box = await logo.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      const logoCentre = box.x + box.width / 2;
      // The logo group (picture and name) is centred; the name alone sits a little right of centre.
      expect(Math.abs(logoCentre - viewport.width / 2)).toBeLessThan(40);
    }
    // The image slot on the left, the step's content on the right, the step buttons below both.
    const image = await page.locator('[data-slot="image"]').boundingBox();
    const content = await page.locator('[data-slot="content"]').boundingBox();
    const stepButtons = await page.locator('[data-slot="step-buttons"]').boundingBox();
    await expect(page.locator('[data-slot="content"]')).toContainText('Registration');
    expect(image && content && stepButtons).toBeTruthy();
    if (image && content && stepButtons) {
      expect(image.x + image.width).toBeLessThanOrEqual(content.x + 1);
      expect(stepButtons.y).toBeGreaterThanOrEqual(
        Math.max(image.y + image.height, content.y + content.height),
      );
    }
    // No app frame around the registration.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: ACCOUNT_MENU_NAME })).toHaveCount(0);
  });

  for (const path of ['/', '/test-login']) {
    test(`${path} has no app layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: ACCOUNT_MENU_NAME })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Castellan home' })).toHaveCount(0);
    });
  }
});

test.describe('main menu', () => {
  test('an administrator sees every entry, in order', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    await expect(mainMenu(page).getByRole('link')).toHaveText(ADMIN_MENU);
  });

  test('a member sees Overview, Your tasks, Settings and Help', async ({ page }) => {
    await openAppAs(page, 'Ben Carter');
    await expect(mainMenu(page).getByRole('link')).toHaveText([
      'Overview',
      'Your tasks',
      'Settings',
      'Help',
    ]);
  });

  test('the entries lead to their pages, each with its title', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const targets: [string, string, string][] = [
      ['Risk analysis', '/risk-analysis', 'Risk analysis'],
      ['Your tasks', '/tasks', 'Your tasks'],
      ['Company status', '/team-progress', 'Company status'],
      ['Integrations', '/integrations', 'Integrations'],
      ['Users', '/users', 'Users'],
      ['Settings', '/settings', 'Settings'],
      ['Help', '/help', 'Help'],
      ['Overview', '/dashboard', 'Overview'],
    ];
    for (const [label, path, heading] of targets) {
      await mainMenu(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | Castellan`);
      await expect(mainMenu(page).getByRole('link', { name: label })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test("Billing leaves for the customer portal with the current page's address", async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan');
    const billing = mainMenu(page).getByRole('link', { name: 'Billing' });
    await expect(billing).toHaveAttribute(
      'href',
      `/api/customer-portal?return_url=${encodeURIComponent(page.url())}`,
    );
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(billing).toHaveAttribute(
      'href',
      `/api/customer-portal?return_url=${encodeURIComponent(page.url())}`,
    );
  });
});

test.describe('avatar menu', () => {
  test('shows initials and the e-mail in a tooltip', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const avatar = accountMenu(page);
    await expect(avatar).toHaveText('AM');
    await avatar.hover();
    await expect(page.getByRole('tooltip')).toHaveText('alice.morgan@brightwave.example');

    // Once the menu is open the tooltip gives way, so it does not cover the menu items.
    await avatar.click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('an administrator outside the product domain has Restart Tour and Logout', async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan');
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Restart Tour', 'Logout']);
  });

  test('a member has only Logout', async ({ page }) => {
    await openAppAs(page, 'Ben Carter');
    await expect(accountMenu(page)).toHaveText('BC');
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Logout']);
  });

  test('Restart Tour starts the tour on the server and goes to the dashboard', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    // A tour dismissed before its first step starts again there, on the overview.
    const reset = await page.request.put('/api/tours/main', {
      data: { currentStepId: null, status: 'dismissed' },
    });
    expect(reset.status()).toBe(200);
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    const started = page.waitForResponse(
      (r) => r.url().endsWith('/api/tours/main') && r.request().method() === 'POST',
    );
    await chooseFromAccountMenu(page, 'Restart Tour');
    const response = await started;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'started', currentStepId: 0 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: 'Welcome to Castellan' })).toBeVisible();
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar stays hidden until the toggle opens it', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const toggle = page.getByRole('button', { name: 'Expand main menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toContainText('Toggle menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page)).not.toBeInViewport();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close main menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(close).toContainText('Toggle menu');
    await expect(mainMenu(page)).toBeInViewport();

    // Choosing an entry goes there and folds the menu away again.
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('button', { name: 'Expand main menu' })).toBeVisible();
    await expect(mainMenu(page)).not.toBeInViewport();
  });

  test('the folded-away menu is out of reach of the keyboard', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const focusedItems = async () => {
      const names: string[] = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        names.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
      }
      return names;
    };
    await page.locator('body').focus();
    // Toggle, logo, avatar, then straight into the page: no invisible menu entries.
    expect(await focusedItems()).not.toContain('Overview');
    // inert also hides it from screen readers.
    await expect(mainMenu(page)).toHaveJSProperty('inert', true);

    await page.getByRole('button', { name: 'Expand main menu' }).click();
    await expect(mainMenu(page)).toHaveJSProperty('inert', false);
    await page.getByRole('button', { name: 'Close main menu' }).focus();
    expect(await focusedItems()).toContain('Overview');
  });

  test('the toggle bounces until it has been used once, even after a reload', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan');
    const toggle = page.getByRole('button', { name: /main menu$/ });
    await expect(toggle).toHaveAttribute('data-bouncing', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('data-bouncing', 'true');

    await toggle.click();
    await expect(toggle).toHaveAttribute('data-bouncing', 'false');
    await page.reload();
    await expect(toggle).toHaveAttribute('data-bouncing', 'false');
    await expect(toggle).toHaveAccessibleName('Expand main menu');
  });

  test('on a wide screen the sidebar shows without a toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAppAs(page, 'Alice Morgan');
    await expect(mainMenu(page)).toBeInViewport();
    await expect(mainMenu(page)).toHaveJSProperty('inert', false);
    await expect(page.getByRole('button', { name: /main menu$/ })).toBeHidden();
  });
});
