import { ACCOUNT_MENU_NAME, expect, test } from './helpers';

test('anyone can read the trust center without signing in', async ({ page }) => {
  await page.goto('/trust-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Trust center' })).toBeVisible();
  await expect(page.getByRole('button', { name: ACCOUNT_MENU_NAME })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The sections, in order.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'How we protect your data',
    'Subprocessors',
    'Report a vulnerability',
  ]);
  const protection = page.getByRole('region', { name: 'How we protect your data' });
  for (const topic of [
    'Sessions',
    'Provider tokens, encrypted at rest',
    'Tenant isolation',
    'What each integration can and cannot read',
  ]) {
    await expect(protection.getByRole('heading', { level: 3, name: topic })).toBeVisible();
  }
  // The browser tests' server keeps the default session lifetimes.
  await expect(protection).toContainText('after 1 day without use, and 7 days after signing in');
  const google = protection.getByRole('region', { name: 'Google Workspace' });
  await expect(google).toContainText('Cannot read');
  await expect(google).toContainText('admin.directory.user.readonly');
  await expect(protection.getByRole('region', { name: 'Microsoft 365' })).toBeVisible();
  await expect(protection.getByRole('region', { name: 'Meta' })).toContainText(
    'Requires two-factor authentication for everyone in a business account',
  );

  // No SUBPROCESSORS and no TRUST_CENTER_DOMAIN on this server: said plainly, and no grade.
  await expect(page.getByRole('region', { name: 'Subprocessors' })).toContainText(
    'This service lists no subprocessors.',
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Our own domain’s grade' })).toHaveCount(0);

  const report = page.getByRole('region', { name: 'Report a vulnerability' });
  await expect(report.getByRole('link', { name: 'support@castellan.example' })).toHaveAttribute(
    'href',
    'mailto:support@castellan.example',
  );
  await expect(report.getByRole('link', { name: 'security.txt' })).toHaveAttribute(
    'href',
    '/.well-known/security.txt',
  );
});

test('security.txt is served by the app and points back at the trust center', async ({
  page,
  baseURL,
}) => {
  const answer = await page.request.get('/.well-known/security.txt');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await answer.text();
  expect(text).toContain('Contact: mailto:support@castellan.example\n');
  expect(text).toContain(`Canonical: ${baseURL}/.well-known/security.txt\n`);
  const policy = /^Policy: (.+)$/m.exec(text)?.[1] ?? '';
  expect(policy).toBe(`${baseURL}/trust-center#report-a-vulnerability`);

  // The policy link opens the page at its vulnerability section.
  await page.goto(policy);
  await expect(page.getByRole('heading', { name: 'Report a vulnerability' })).toBeInViewport();
});

test('with a graded product domain, the page shows its grade, date and report', async ({
  page,
}) => {
  // This server has no TRUST_CENTER_DOMAIN (its scans would need the internet): the answer is
  // the real one with the grade the server gives once a scan of the domain has finished.
  await page.route('**/api/trust-center', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: {
        ...body,
        productDomainReport: {
          domain: 'castellan.example',
          grade: 'B',
          scannedAt: '2026-03-04T04:16:00.000Z',
        },
      },
    });
  });
  await page.goto('/trust-center');
  const grade = page.getByRole('region', { name: 'Our own domain’s grade' });
  await expect(grade.getByRole('img', { name: 'Grade B' })).toBeVisible();
  await expect(grade).toContainText('on Mar 4, 2026, graded it B');
  await expect(grade.getByRole('link', { name: /full report/ })).toHaveAttribute(
    'href',
    '/risk-analysis/public/castellan.example',
  );
});
