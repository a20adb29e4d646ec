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

test('a page showing the domain grade offers a badge other websites can embed', async ({
  page,
  browser,
  baseURL,
}) => {
  await openAppAs(page, 'Alice Morgan', '/settings#trust-page');
  const section = page.getByRole('region', { name: 'Public trust page' });
  const grade = section.getByRole('checkbox', { name: /domain grade/ });
  await expect(section.getByRole('region', { name: 'Badge for your website' })).toHaveCount(0);

  await section.getByRole('switch', { name: 'Publish our trust page' }).check();
  await section.getByRole('textbox', { name: 'Practice 1' }).fill(PRACTICE);
  await grade.check();
  await section.getByRole('button', { name: 'Save trust page' }).click();
  const badge = section.getByRole('region', { name: 'Badge for your website' });
  await expect(badge).toBeVisible();
  const html = await badge.getByLabel('HTML of the badge').textContent();
  expect(html).toContain(`<a href="${baseURL}/trust-center/brightwave.example">`);
  expect(html).toContain(`src="${baseURL}/api/trust-center/brightwave.example/badge.svg"`);
  // The preview is the badge itself, drawn.
  const preview = badge.getByRole('img', { name: /security grade of brightwave\.example/ });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Any visitor gets it, cacheable and readable from another site.
  const visitor = await browser.newContext({ baseURL });
  const answer = await visitor.request.get('/api/trust-center/brightwave.example/badge.svg');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(answer.headers()['cache-control']).toBe('public, max-age=3600');
  expect(answer.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(await answer.text()).toContain('brightwave.example');

  // Taken down again, the badge goes with the page.
  await grade.uncheck();
  await section.getByRole('switch', { name: 'Publish our trust page' }).uncheck();
  await section.getByRole('button', { name: 'Save trust page' }).click();
  await expect(badge).toHaveCount(0);
  expect(
    (await visitor.request.get('/api/trust-center/brightwave.example/badge.svg')).status(),
  ).toBe(404);
  await visitor.close();
});
