import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack } from './stack';

// Integration cards that say what they found: result pills only once connected, every check the
// sync runs with its result and task, findings above what is coming soon, the providers' marks,
// and who of the synced directory is not in Castellan yet. Against the fake Google (stack.ts).

const GOOGLE = () => currentStack().fakes.gws;
const DOMAIN = 'brightwave.example';

/** Alice and Ben are in Castellan; the new hire and the IT desk account are not. */
const WORKSPACE = {
  domain: DOMAIN,
  users: [
    {
      email: `alice.morgan@${DOMAIN}`,
      givenName: 'Alice',
      familyName: 'Morgan',
      isAdmin: true,
      enrolledIn2Sv: true,
    },
    { email: `ben.carter@${DOMAIN}`, givenName: 'Ben', familyName: 'Carter', enrolledIn2Sv: false },
    { email: `new.hire@${DOMAIN}`, givenName: 'New', familyName: 'Hire', enrolledIn2Sv: true },
    {
      email: `it.desk@${DOMAIN}`,
      givenName: 'IT',
      familyName: 'Desk',
      isAdmin: true,
      enrolledIn2Sv: true,
    },
  ],
  loginFailures: [],
  driveEvents: [],
};

const PROVIDERS = ['Google Workspace', 'Microsoft 365', 'Meta'];
const RESULT = /^(Passed|Failed|Unknown)$/;

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name });
const checksOf = (page: Page, name: string) =>
  card(page, name).getByRole('list', { name: `Security checks of ${name}` });

async function openIntegrations(page: Page) {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible({
    timeout: 20_000,
  });
}

/** The findings end above the "Coming soon" heading. */
async function expectFindingsAboveComingSoon(page: Page) {
  const findings = page.getByRole('region', { name: 'Google Workspace findings' });
  await expect(findings).toBeVisible({ timeout: 30_000 });
  const comingSoon = page.getByRole('heading', { level: 2, name: 'Coming soon' });
  // The findings fill in as their queries answer, moving what is below them: measure again until
  // the two boxes come from one settled layout.
  await expect
    .poll(
      async () => {
        const [f, c] = await Promise.all([findings.boundingBox(), comingSoon.boundingBox()]);
        return Boolean(f && c && f.y + f.height <= c.y);
      },
      { message: 'findings end above Coming soon', timeout: 10_000 },
    )
    .toBe(true);
}

/** Every check of the connected Google Workspace card: a result pill and a task link each. */
async function expectEveryCheckReadable(page: Page) {
  const items = checksOf(page, 'Google Workspace').getByRole('listitem');
  await expect(items).toHaveCount(9);
  for (const item of await items.all()) {
    const name = (await item.locator('p').first().textContent()) ?? '';
    await expect(item.locator('.mantine-Badge-label')).toHaveText(RESULT);
    await expect(item).toContainText(/Checked (just now|.+ ago)/);
    await expect(item.getByRole('link', { name: `Open task: ${name}` })).toHaveAttribute(
      'href',
      /^\/tasks\/[a-z0-9-]+%3A[0-9a-f-]+$/,
    );
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const world = await request.post(`${GOOGLE()}/__fake/world`, { data: WORKSPACE });
  expect(world.ok(), 'the fake Google takes the test workspace').toBe(true);
});

test('before connecting: the providers’ marks, what each would check, and no result pills', async ({
  page,
}) => {
  await openIntegrations(page);
  for (const name of PROVIDERS) {
    const mark = card(page, name).getByRole('img', { name: `${name} logo` });
    await expect(mark).toBeVisible();
    // The mark is drawn, not a broken image.
    expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card(page, name).locator('[data-result]')).toHaveCount(0);
    await expect(card(page, name)).not.toContainText(/Passed|Failed|Unknown|Enabled/);
  }
  await expect(checksOf(page, 'Google Workspace').getByRole('listitem')).toHaveCount(9);
  await expect(checksOf(page, 'Google Workspace')).toContainText('MFA Status Check');
  await expect(checksOf(page, 'Google Workspace')).toContainText('MFA Available and Enforced');
  await expect(page.getByTestId('notInCastellan')).toHaveCount(0);
});

test('after a sync the connected card lists every check with its result and task', async ({
  page,
}) => {
  await openIntegrations(page);
  await card(page, 'Google Workspace')
    .getByRole('button', { name: 'Connect Google Workspace' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in to the fake Google' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  // Back on the page, which loads afresh (slow on a busy machine).
  await expect(page.getByText('Google Workspace connected')).toBeVisible({ timeout: 20_000 });

  await expectFindingsAboveComingSoon(page);
  await expectEveryCheckReadable(page);
  const mfa = checksOf(page, 'Google Workspace')
    .getByRole('listitem')
    .filter({ hasText: 'MFA Status Check' });
  // Ben has no 2-Step Verification: the check fails and says for how many. The first sync runs
  // as a background job after the connect; on a busy machine it can take a while.
  await expect(mfa).toHaveAttribute('data-result', 'fail', { timeout: 30_000 });
  await expect(mfa).toContainText('Fails for 1 of 2 people.');
  // Still not connected: no pills there.
  for (const name of ['Microsoft 365', 'Meta']) {
    await expect(card(page, name).locator('[data-result]')).toHaveCount(0);
  }
  await expect(card(page, 'Google Workspace').getByTestId('notInCastellan')).toHaveText(
    '2 people in Google Workspace are not in Castellan — invite them',
  );

  await mfa.getByRole('link', { name: 'Open task: MFA Status Check' }).click();
  await expect(page).toHaveURL(/\/tasks\/enable-mfa%3A/);
  await expect(page.getByText('Turn on two-step verification').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the cards read the same, and the invite prompt leads to inviting', async ({ page }) => {
    await openIntegrations(page);
    await expectFindingsAboveComingSoon(page);
    await expectEveryCheckReadable(page);
    for (const name of PROVIDERS) {
      await expect(card(page, name).getByRole('img', { name: `${name} logo` })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);

    const prompt = card(page, 'Google Workspace').getByTestId('notInCastellan');
    await prompt.getByRole('link', { name: 'invite them' }).click();
    await expect(page).toHaveURL(/\/users#invite-member$/);
    const address = page.getByRole('textbox', { name: 'E-mail address' });
    await expect(address).toBeFocused();
    await address.fill(`new.hire@${DOMAIN}`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText('Member invited')).toBeVisible();

    // Counted against the members as they are now, without another sync.
    await openIntegrations(page);
    await expect(card(page, 'Google Workspace').getByTestId('notInCastellan')).toHaveText(
      '1 person in Google Workspace is not in Castellan — invite them',
    );
  });
});
