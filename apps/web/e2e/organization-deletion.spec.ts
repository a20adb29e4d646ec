import { accountMenu, chooseFromAccountMenu, expect, openAppAs, test } from './helpers';

/**
 * Deletes the sandbox organisation (sandbox.castellan.example) for good. No other file
 * sees it gone: every spec file starts from its own copy of the demo data (stack.ts).
 */
test('an administrator on the product domain can delete the organisation', async ({ page }) => {
  await openAppAs(page, 'Dana Whitfield');
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Restart Tour',
    'Delete Organization',
    'Logout',
  ]);
  await page.getByRole('menuitem', { name: 'Delete Organization' }).click();

  // Cancelling keeps everything.
  let deletions = 0;
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().endsWith('/api/organization')) deletions += 1;
  });
  const dialog = page.getByRole('dialog', { name: 'Delete organization?' });
  await expect(dialog).toContainText('sandbox.castellan.example');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(deletions).toBe(0);
  await page.reload();
  await expect(accountMenu(page)).toBeVisible();

  // Confirming deletes it on the server and logs out. (The answer is read on its way through:
  // the page navigates away before its body could be read afterwards.)
  const answers: { status: number; body: unknown }[] = [];
  await page.route('**/api/organization', async (route) => {
    const response = await route.fetch();
    answers.push({ status: response.status(), body: await response.json() });
    await route.fulfill({ response });
  });
  await chooseFromAccountMenu(page, 'Delete Organization');
  await page
    .getByRole('dialog', { name: 'Delete organization?' })
    .getByRole('button', { name: 'Delete organization' })
    .click();
  await expect(page).toHaveURL(/\/\?logout=true$/);
  expect(answers).toEqual([{ status: 200, body: { deleted: true } }]);

  // Dana and her organisation are gone.
  await page.goto('/test-login');
  await expect(page.getByRole('region', { name: 'brightwave.example' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'sandbox.castellan.example' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in as Dana Whitfield' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/\?login=true$/);
});
