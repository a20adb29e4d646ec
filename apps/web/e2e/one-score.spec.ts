import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

/**
 * One true picture: the cyber score is the one number, in four parts of the same points; the
 * domain report's figure is the domain grade everywhere; a trust page shows a grade only when an
 * administrator chooses to, and a low one only once they confirm it. Changes the demo trust page.
 */

type Points = { earned: number; possible: number };
type Score = {
  score: number;
  grade: string;
  breakdown: (Points & { category: string })[];
  parts: (Points & { part: string })[];
};

/** As the score card writes points (the browser runs in en-US). */
const points = ({ earned, possible }: Points) => {
  const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format;
  return `${format(earned)} of ${format(possible)} ${possible === 1 ? 'point' : 'points'}`;
};

/** Any figure written "out of 100": "81/100", "81 / 100". */
const OUT_OF_100 = /\/\s?100\b/;

const scoreOf = async (page: Page): Promise<Score> =>
  (await (await page.request.get('/api/get-score')).json()) as Score;

test('the Overview shows one score, made of four parts in points, at phone width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  const score = await scoreOf(page);
  const card = page.locator('#cyberScore');
  await expect(card.getByTestId('scoreValue')).toHaveText(`${score.score}/100`);

  const parts = card.getByRole('list', { name: 'Score by part' });
  await expect(parts.getByRole('listitem')).toHaveText(
    score.parts.map((p) => new RegExp(`^${p.part}${points(p)}`)),
  );
  expect(score.parts.map((p) => p.part)).toEqual([
    'Identity and accounts',
    'Devices',
    'E-mail and domain',
    'People and process',
  ]);
  const total = (xs: Points[]) => xs.reduce((sum, x) => sum + x.possible, 0);
  expect(total(score.parts)).toBe(total(score.breakdown));
  // The domain report is evidence of its part, as a grade; the demo's sample report is none.
  await expect(parts.getByRole('listitem').nth(2)).toContainText(
    'No domain grade yet: your domain has not been scanned.',
  );

  const categories = card.getByRole('list', { name: 'Score by category' });
  await expect(categories.getByRole('listitem')).toHaveText(
    score.breakdown.map((a) => new RegExp(`^${a.category}${points(a)}`)),
  );

  // One score out of 100 on the whole page, and nothing wider than the phone.
  await expect(page.getByText(OUT_OF_100)).toHaveCount(1);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});

test('no other page a signed-in administrator opens shows a second score out of 100', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
  // The demo company's report: a letter with what it measures, never a figure out of 100.
  await expect(page.getByText(/^Domain grade [A-F]$/)).toBeVisible();
  await expect(
    page.getByText('How the domain’s e-mail and web settings look from outside'),
  ).toBeVisible();
  await expect(page.getByText(OUT_OF_100)).toHaveCount(0);

  for (const path of ['/risk-analysis/attack-graph', '/tasks', '/team-progress', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(OUT_OF_100), path).toHaveCount(0);
  }

  // The registration scan, for an organisation that is still registering.
  await openAppAs(page, 'Noah Fields', '/registration/scan');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(OUT_OF_100)).toHaveCount(0);
});

test('a trust page shows no grade by default, and publishing a low grade asks first', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await openAppAs(page, 'Alice Morgan', '/settings#trust-page');
  const { grade } = await scoreOf(page);
  expect(['D', 'E', 'F'], 'the demo company starts below C').toContain(grade);

  const section = page.getByRole('region', { name: 'Public trust page' });
  const cyberScore = section.getByRole('checkbox', {
    name: `Show the grade of our cyber score (now ${grade})`,
  });
  await expect(cyberScore).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: /domain grade/ })).not.toBeChecked();

  // Published as it comes: the page shows no grade at all.
  await section.getByRole('switch', { name: 'Publish our trust page' }).check();
  await section.getByRole('textbox', { name: 'Practice 1' }).fill('Backups every night.');
  const save = section.getByRole('button', { name: 'Save trust page' });
  await save.click();
  await expect(section.getByRole('link', { name: 'Open our public trust page' })).toBeVisible();
  const trustPage = '/trust-center/brightwave.example';
  await visitor.goto(trustPage);
  await expect(visitor.getByRole('list', { name: 'Our security practices' })).toHaveText(
    'Backups every night.',
  );
  await expect(visitor.getByRole('region', { name: 'Cyber score' })).toHaveCount(0);
  await expect(visitor.getByRole('img', { name: /grade/i })).toHaveCount(0);

  // Choosing to show a grade below C asks first, saying what visitors will see.
  await cyberScore.check();
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Show a grade below C to every visitor?' });
  await expect(dialog).toContainText(
    `Anyone who opens /trust-center/brightwave.example will see your cyber score ${grade}.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('list', { name: 'Our security practices' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Cyber score' })).toHaveCount(0);

  await save.click();
  await dialog.getByRole('button', { name: 'Show the grade' }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () => (await page.request.get('/api/settings/trust-page')).json())
    .toMatchObject({
      showCyberScore: true,
    });
  await visitor.reload();
  await expect(
    visitor.getByRole('region', { name: 'Cyber score' }).getByRole('img', {
      name: `Cyber score ${grade}`,
    }),
  ).toBeVisible();
  // Brightwave's only domain report is the demo sample: no domain grade is ever made up from it.
  await expect(visitor.getByRole('region', { name: 'Domain grade' })).toHaveCount(0);
  await visitor.context().close();
});
