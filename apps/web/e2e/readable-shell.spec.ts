import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { accountMenu, expect, mainMenu, openAppAs, test } from './helpers';

/**
 * The Users table and the app's frame read whole on a laptop and on a phone: addresses and roles
 * are never cut, states are short with their details a focus away, and the frame says whose
 * organisation and menu it is. Invites not-invited.e2e@brightwave.example (removed at the end).
 */

const SCREENS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const ALICE = 'alice.morgan@brightwave.example';

/** Each address on the page: its text on one line, and nothing of it hidden. */
async function addressesOf(page: Page) {
  return page.locator('[data-member-email]').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return {
        text: cell.textContent,
        lines: lines.size,
        cut: cell.scrollWidth > cell.clientWidth + 1,
      };
    }),
  );
}

/** Whether the longest role fits in each role select, beside its arrow. */
async function rolesFit(page: Page) {
  return page.getByRole('combobox', { name: /^Role of / }).evaluateAll((selects) =>
    selects.map((select) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return Number.NaN;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight);
      return room - context.measureText('Administrator').width;
    }),
  );
}

/** The rows of the members table, or the cards on a phone. */
const memberEntry = (page: Page, name: string): Locator =>
  page
    .getByRole('table', { name: 'Members' })
    .getByRole('row', { name })
    .or(page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name }));

for (const screen of SCREENS) {
  test.describe(`on a ${screen.width}×${screen.height} ${screen.name} screen`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the members’ addresses stay whole and the roles fit', async ({ page }) => {
      await openAppAs(page, 'Alice Morgan', '/users');
      await expect(memberEntry(page, 'Alice Morgan')).toBeVisible();
      // One more member, as the table had squeezed after a single invitation.
      const form = page.getByRole('region', { name: 'Invite a member' });
      const address = `long.address.${screen.name}@brightwave.example`;
      await form.getByRole('textbox', { name: 'E-mail address' }).fill(address);
      await form.getByRole('combobox', { name: 'Role' }).selectOption('Administrator');
      await form.getByRole('button', { name: 'Invite' }).click();
      await expect(memberEntry(page, address)).toBeVisible();

      const addresses = await addressesOf(page);
      expect(addresses.map((a) => a.text)).toContain(address);
      expect(addresses.length).toBeGreaterThan(5);
      for (const cell of addresses) {
        expect(cell, `${cell.text} on one line, whole`).toEqual({
          text: cell.text,
          lines: 1,
          cut: false,
        });
      }
      for (const room of await rolesFit(page)) expect(room).toBeGreaterThanOrEqual(0);
      // The page itself never scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('a state in a word, its details a keyboard focus away', async ({ page }) => {
      await openAppAs(page, 'Alice Morgan', '/users');
      const alice = memberEntry(page, 'Alice Morgan');
      // The state is the keyboard's next stop after the role select in the table, and the one
      // before it on a card (where it sits left of the select).
      await alice.getByRole('combobox', { name: 'Role of Alice Morgan' }).focus();
      await page.keyboard.press(screen.name === 'laptop' ? 'Tab' : 'Shift+Tab');
      const state = alice.getByRole('button', { name: 'Active', exact: true });
      await expect(state).toBeFocused();
      await expect(state).toHaveAccessibleDescription(
        /^Last sign-in [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
      );
      await expect(page.getByRole('tooltip')).toHaveText(/^Last sign-in /);
      await expect(page.getByRole('tooltip')).toBeInViewport();
    });

    test('the header names the organisation', async ({ page }) => {
      await openAppAs(page, 'Alice Morgan');
      const name = page.getByRole('banner').locator('[data-organization-name]');
      await expect(name).toHaveText('Organisation: brightwave.example');
      await expect(name).toBeInViewport({ ratio: 1 });
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      await openAppAs(page, 'Olivia Parker');
      await expect(name).toHaveText('Organisation: tidewater.example');
    });

    test('the avatar menu says whose it is above exactly the spec’s items', async ({ page }) => {
      // Three sign-ins, three pages and three axe checks.
      test.slow();
      const people = [
        { who: 'Alice Morgan', email: ALICE, items: ['Restart Tour', 'Logout'] },
        { who: 'Ben Carter', email: 'ben.carter@brightwave.example', items: ['Logout'] },
        {
          who: 'Dana Whitfield',
          email: 'dana.whitfield@sandbox.castellan.example',
          items: ['Restart Tour', 'Delete Organization', 'Logout'],
        },
      ];
      for (const { who, email, items } of people) {
        await openAppAs(page, who);
        await accountMenu(page).click();
        const menu = page.getByRole('menu');
        const heading = menu.locator('[data-account-heading]');
        await expect(heading).toHaveText(`${who}${email}`);
        await expect(heading).toBeInViewport({ ratio: 1 });
        await expect(menu.getByRole('menuitem')).toHaveText(items);
        // The heading is not an item: the first item has the focus.
        await expect(menu.getByRole('menuitem').first()).toBeFocused();
        // Measured once the menu has faded in.
        await expect(menu).toHaveCSS('opacity', '1');
        const axe = await new AxeBuilder({ page }).include('[role="menu"]').analyze();
        const found = axe.violations.flatMap((v) =>
          v.nodes.map((n) => `${v.id} ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`),
        );
        expect(found).toEqual([]);
        await page.keyboard.press('Escape');
      }
    });

    test('the skip link is the first stop of the keyboard and leads into the page', async ({
      page,
    }) => {
      await openAppAs(page, 'Ben Carter');
      // The page's own controls are there: the Tab after the skip link has somewhere to go.
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await expect(page).toHaveURL(/\/dashboard$/);
      // The next Tab goes on inside the page, past the header and the menu.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      ).toBe(true);
      // Out of sight again once the focus has left it.
      await expect(skip).not.toBeInViewport();
    });

    test('no badge is smaller than 11 px on the main pages', async ({ page }) => {
      test.slow(); // six pages, each loaded in full
      await openAppAs(page, 'Alice Morgan');
      const pages = [
        '/dashboard',
        '/tasks',
        '/team-progress',
        '/integrations',
        '/users',
        '/settings',
      ];
      let seen = 0;
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0);
        const sizes = await page
          .locator('.mantine-Badge-root')
          .evaluateAll((badges) =>
            badges.map((b) => [b.textContent, Number.parseFloat(getComputedStyle(b).fontSize)]),
          );
        seen += sizes.length;
        for (const [text, size] of sizes) {
          expect(size, `the badge "${text}" on ${path}`).toBeGreaterThanOrEqual(11);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });

    test('an unknown address stays inside the app layout when signed in', async ({ page }) => {
      await openAppAs(page, 'Ben Carter', '/no-such-page');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found | Castellan');
      await expect(accountMenu(page)).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('brightwave.example');
      if (screen.name === 'laptop') await expect(mainMenu(page)).toBeVisible();
      await main.getByRole('link', { name: 'Go to the overview' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // Left first: the signed-in page, once its cookie is gone, would answer its next 401 by
      // going to the start page, racing the address opened here.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);
      await expect(mainMenu(page)).toHaveCount(0);
    });
  });
}

test('Send invitation before any went out, Resend invitation after', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const email = 'not-invited.e2e@brightwave.example';
  const switches = { invitations: true, reminders: true, digest: true, integrationAlerts: true };
  const setSwitches = async (body: object) => {
    const res = await page.request.put('/api/settings/notifications/organization', {
      data: body,
      headers: { origin },
    });
    expect(res.status()).toBe(200);
  };
  await openAppAs(page, 'Alice Morgan', '/users');
  let id = '';
  try {
    // Added while invitation e-mails are switched off: no invitation went out.
    await setSwitches({ ...switches, invitations: false });
    const added = await page.request.post('/api/users', { data: { email }, headers: { origin } });
    expect(added.status()).toBe(201);
    id = (await added.json()).id;
    await setSwitches(switches);
    await page.reload();

    const row = memberEntry(page, email);
    await expect(
      row.getByRole('button', { name: 'Not invited', exact: true }),
    ).toHaveAccessibleDescription('No invitation e-mail sent. Not signed in yet.');
    await expect(row.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
    const send = row.getByRole('button', { name: `Send invitation to ${email}` });
    await expect(send).toHaveText('Send invitation');
    await send.click();
    await expect(page.getByText(`The invitation was sent to ${email}`)).toBeVisible();

    await expect(
      row.getByRole('button', { name: 'Invited', exact: true }),
    ).toHaveAccessibleDescription(
      /^Invitation sent [A-Z][a-z]{2} \d{1,2}, \d{4}, .+\. Not signed in yet\.$/,
    );
    await expect(row.getByRole('button', { name: /^Send invitation/ })).toHaveCount(0);
    const resend = row.getByRole('button', { name: `Resend invitation to ${email}` });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAccessibleDescription(
      /^One invitation an hour: you can send it again after/,
    );
    // Someone who has signed in is offered neither.
    await expect(
      memberEntry(page, 'Alice Morgan').getByRole('button', { name: /invitation/ }),
    ).toHaveCount(0);
  } finally {
    await setSwitches(switches);
    if (id) {
      const removed = await page.request.delete(`/api/users/${id}`, {
        headers: { origin, 'content-type': 'application/json' },
      });
      expect(removed.status()).toBe(200);
    }
  }
});
