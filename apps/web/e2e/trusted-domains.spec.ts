import { expect, json, openAppAs, test } from './helpers';

const API = '/api/settings/trusted-domains';
const DISALLOWED = 'You cannot save settings with a disallowed domain.';

const section = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Trusted domains' });

test.describe('trusted domains in Settings', () => {
  test('an administrator adds, removes and saves them; a member cannot open them', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#organization');
    const trusted = section(page);
    await expect(trusted.getByText('No trusted domains yet.')).toBeVisible();
    const input = trusted.getByRole('textbox', { name: 'Add a trusted domain' });

    await input.fill('  Northlight-Agency.example ');
    await input.press('Enter');
    await input.fill('brightwave-shop.example');
    await trusted.getByRole('button', { name: 'Add', exact: true }).click();
    await input.fill('northlight-agency.example');
    await input.press('Enter');
    await expect(
      trusted.getByText('northlight-agency.example is in the list already.'),
    ).toBeVisible();
    await input.fill('mail.brightwave.example');
    await input.press('Enter');
    await expect(
      trusted.getByText(/mail\.brightwave\.example is your organisation's own domain/),
    ).toBeVisible();

    const list = trusted.getByRole('list', { name: 'Trusted domains' });
    await expect(list.getByRole('listitem')).toHaveText([
      'northlight-agency.example',
      'brightwave-shop.example',
    ]);
    await trusted.getByRole('button', { name: 'Remove brightwave-shop.example' }).click();
    await trusted.getByRole('button', { name: 'Save trusted domains' }).click();
    await expect(page.getByText('Trusted domains saved')).toBeVisible();

    await page.reload();
    await expect(
      section(page).getByRole('list', { name: 'Trusted domains' }).getByRole('listitem'),
    ).toHaveText(['northlight-agency.example']);

    const member = await browser.newContext({ baseURL });
    try {
      const benPage = await member.newPage();
      // The organisation's sections are the administrators': a member opening one gets their
      // profile, and the server keeps refusing a member's save.
      await openAppAs(benPage, 'Ben Carter', '/settings#organization');
      await expect(benPage.getByRole('region', { name: 'Profile' })).toBeVisible();
      await expect(section(benPage)).toHaveCount(0);
      const refused = await benPage.request.put(API, { data: { trustedDomains: [] } });
      expect(refused.status()).toBe(403);
    } finally {
      await member.close();
    }
  });

  test('adding a consumer mail domain is refused on the spot', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#organization');
    const trusted = section(page);
    const input = trusted.getByRole('textbox', { name: 'Add a trusted domain' });
    await input.fill('GMail.com');
    await input.press('Enter');
    await expect(input).toHaveAccessibleDescription(
      'Consumer email domains like gmail.com are not allowed.',
    );
    await expect(trusted.getByText('gmail.com', { exact: true })).toHaveCount(0);
    await expect(input).toHaveValue('GMail.com');
  });

  test('saving while the list holds a consumer domain is refused without calling the server', async ({
    page,
  }) => {
    // A list saved before hotmail.co.uk joined the consumer domains.
    await page.route(API, (route) =>
      route.request().method() === 'GET'
        ? json(route, 200, { trustedDomains: ['hotmail.co.uk', 'partner.example'], editable: true })
        : route.fallback(),
    );
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(API) && request.method() === 'PUT') puts.push(request.url());
    });
    await openAppAs(page, 'Alice Morgan', '/settings#organization');
    const trusted = section(page);
    await expect(trusted.getByRole('listitem').filter({ hasText: 'hotmail.co.uk' })).toContainText(
      'Not allowed',
    );
    await trusted.getByRole('button', { name: 'Save trusted domains' }).click();
    await expect(trusted.getByRole('alert')).toContainText(DISALLOWED);
    expect(puts).toEqual([]);

    await trusted.getByRole('button', { name: 'Remove hotmail.co.uk' }).click();
    await expect(trusted.getByRole('alert')).toHaveCount(0);
  });

  test('the server refuses a consumer domain too, and the list on screen is kept', async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan', '/settings#organization');
    const trusted = section(page);
    const input = trusted.getByRole('textbox', { name: 'Add a trusted domain' });
    await input.fill('partner-two.example');
    await input.press('Enter');
    // A client that skips the page's checks: the request carries a consumer domain.
    await page.route(API, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const body = route.request().postDataJSON() as { trustedDomains: string[] };
      await route.continue({
        postData: JSON.stringify({ trustedDomains: [...body.trustedDomains, 'yahoo.com'] }),
      });
    });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith(API) && r.request().method() === 'PUT',
    );
    await trusted.getByRole('button', { name: 'Save trusted domains' }).click();
    expect((await answer).status()).toBe(400);
    await expect(trusted.getByRole('alert')).toContainText(DISALLOWED);
    await expect(
      trusted.getByRole('listitem').filter({ hasText: 'partner-two.example' }),
    ).toHaveCount(1);

    await page.unroute(API);
    await page.reload();
    await expect(section(page).getByText('partner-two.example')).toHaveCount(0);
  });
});
