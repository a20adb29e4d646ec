import { expect, openAppAs, test } from './helpers';

const PRACTICE = 'Every laptop’s disk is encrypted.';

/**
 * Brightwave publishes its trust page and takes it down again. Sorted among the specs that
 * change demo data: the page is left unpublished, but its practice stays saved.
 */
test('an organisation publishes its trust page and unpublishes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  const unknown = async () => {
    await visitor.goto('/trust-center/nobody-here.example');
    await expect(visitor.getByRole('heading', { name: 'No trust page here' })).toBeVisible();
    return visitor.getByRole('main').textContent();
  };
  const notHere = await unknown();

  await openAppAs(page, 'Alice Morgan', '/settings#trust-page');
  const section = page.getByRole('region', { name: 'Public trust page' });
  const publish = section.getByRole('switch', { name: 'Publish our trust page' });
  await expect(publish).not.toBeChecked();
  // No grade is shown unless an administrator chooses it (one-score.spec.ts shows one).
  await expect(section.getByRole('checkbox', { name: /domain grade/ })).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: /cyber score/ })).not.toBeChecked();

  // Nothing is published before it is asked for.
  await visitor.goto('/trust-center/brightwave.example');
  await expect(visitor.getByRole('heading', { name: 'No trust page here' })).toBeVisible();

  // The form explains what the server would refuse.
  await publish.check();
  await section.getByRole('textbox', { name: 'Practice 1' }).fill('ok');
  await section.getByRole('button', { name: 'Save trust page' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'Practice 1: Write at least 3 characters.',
  );
  await expect(section.getByRole('textbox', { name: 'Practice 1' })).toHaveAccessibleDescription(
    'Write at least 3 characters.',
  );

  await section.getByRole('textbox', { name: 'Practice 1' }).fill(PRACTICE);
  await section.getByRole('button', { name: 'Save trust page' }).click();
  const publicLink = section.getByRole('link', { name: 'Open our public trust page' });
  await expect(publicLink).toHaveAttribute('href', '/trust-center/brightwave.example');

  // A signed-out visitor sees it.
  await visitor.goto('/trust-center/brightwave.example');
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Security at brightwave.example' }),
  ).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Our security practices' })).toHaveText(PRACTICE);
  // No grade was chosen: neither is shown.
  await expect(visitor.getByRole('region', { name: 'Cyber score' })).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Domain grade' })).toHaveCount(0);

  // Unpublished again: the visitor gets the answer any unknown domain gets.
  await publish.uncheck();
  await section.getByRole('button', { name: 'Save trust page' }).click();
  await expect(publicLink).toHaveCount(0);
  await page.reload();
  await expect(publish).not.toBeChecked();
  await expect(section.getByRole('textbox', { name: 'Practice 1' })).toHaveValue(PRACTICE);

  await visitor.goto('/trust-center/brightwave.example');
  await expect(visitor.getByRole('heading', { name: 'No trust page here' })).toBeVisible();
  expect(await visitor.getByRole('main').textContent()).toBe(notHere);
  expect(await unknown()).toBe(notHere);
  await visitor.context().close();
});
