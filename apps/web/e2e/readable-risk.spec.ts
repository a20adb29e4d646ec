import type { AttackGraphResponse, AttackTask } from '@castellan/contract';
import type { Page } from '@playwright/test';
import { BEFORE } from './attack-graph-fixtures';
import { expect, json, openAppAs, test } from './helpers';

// Issue 35: the risk analysis in tabs no taller than two screens unless something is opened,
// and an attack graph whose text reads whole at the zoom it opens with.

const ADMIN = 'Alice Morgan';
const GRAPH = '/risk-analysis/attack-graph';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Risk analysis views' });
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Waits for the page to stop growing (queries answered, fonts laid out). */
async function settledHeight(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 20; i += 1) {
    const now = await pageHeight(page);
    if (now === last) return now;
    last = now;
    await page.waitForTimeout(300);
  }
  return last;
}

/** Eleven people each with their own copy of one task on the phishing entry point. */
function withEleven(graph: AttackGraphResponse): AttackGraphResponse {
  const copies: AttackTask[] = Array.from({ length: 11 }, (_, i) => ({
    taskId: `phishing-training:00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    catalogueId: 'phishing-training',
    title: 'Learn to spot phishing',
    user: `person${i + 1}@brightwave.example`,
    isCompleted: i < 3,
    heldOpenBy: null,
  }));
  return {
    ...graph,
    nodes: graph.nodes.map((node) =>
      node.id === 'phishing'
        ? { ...node, tasks: [...node.tasks.filter((t) => t.user === null), ...copies] }
        : node,
    ),
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the risk analysis is in tabs, by keyboard, kept in the address', async ({ page }) => {
      await openAppAs(page, ADMIN, '/risk-analysis/');
      const list = tabs(page);
      await expect(list.getByRole('tab')).toHaveText([
        'Summary',
        /^Domain report/,
        'Frameworks',
        'Watch',
      ]);
      const summary = list.getByRole('tab', { name: 'Summary' });
      await expect(summary).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toHaveCount(1);

      await summary.focus();
      await page.keyboard.press('ArrowRight');
      const report = list.getByRole('tab', { name: /^Domain report/ });
      await expect(report).toBeFocused();
      await expect(report).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/risk-analysis\/?\?tab=report$/);
      await expect(page.getByRole('tabpanel').locator('#riskAnalysis')).toBeVisible();
      // The report shown is the stored sample: the tab and the report say so.
      await expect(report).toContainText('Sample');
      await expect(page.getByRole('note').filter({ hasText: 'Sample report' })).toBeVisible();

      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/\?tab=frameworks$/);
      await page.reload();
      await expect(tabs(page).getByRole('tab', { name: 'Frameworks' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('region', { name: 'Frameworks', exact: true })).toBeVisible();

      await page.goto('/risk-analysis/?tab=nonsense');
      await expect(tabs(page).getByRole('tab', { name: 'Summary' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    test('no tab is taller than two screens until something is opened', async ({ page }) => {
      // Four page loads, each measured until it stops growing.
      test.slow();
      await openAppAs(page, ADMIN, '/risk-analysis/');
      for (const tab of ['summary', 'report', 'frameworks']) {
        await page.goto(`/risk-analysis/?tab=${tab}`);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
        const height = await settledHeight(page);
        expect(height, `the ${tab} tab`).toBeLessThanOrEqual(2 * viewport.height);
      }
    });

    test('the frameworks tab folds the safeguards away, missing first, linking to tasks', async ({
      page,
    }) => {
      await openAppAs(page, ADMIN, '/risk-analysis/?tab=frameworks');
      const section = page.getByRole('region', { name: 'Frameworks', exact: true });
      const cis = section.getByRole('region', { name: 'CIS Controls v8 IG1' });
      await expect(cis).toContainText(/safeguards met/);
      await expect(cis.getByRole('heading', { name: /^Not met yet/ })).toHaveCount(0);
      const show = cis.getByRole('button', { name: 'Show the safeguards of CIS Controls v8 IG1' });
      await expect(show).toHaveAttribute('aria-expanded', 'false');
      await show.click();
      // The missing ones come first; the met ones stay folded behind their own button.
      const headings = cis.getByRole('heading', { level: 4 });
      await expect(headings.first()).toHaveText(/^Not met yet \(\d+\)$/);
      // Met safeguards, when there are any, wait behind their own button.
      const met = cis.getByRole('button', { name: /^Show the \d+ met/ });
      if ((await met.count()) > 0) await expect(met).toHaveAttribute('aria-expanded', 'false');
      const first = cis.locator('.mantine-Accordion-control').first();
      await first.click();
      const link = cis.getByRole('link').first();
      await expect(link).toHaveAttribute('href', /^\/tasks\?framework=cis-ig1&safeguard=/);
      await link.click();
      await expect(page).toHaveURL(/\/tasks(\/|\?)/);
    });

    test('the attack graph reads whole, with nothing drawn over it, and has one headline', async ({
      page,
    }) => {
      await openAppAs(page, ADMIN, GRAPH);
      const summary = page.locator('section[aria-labelledby="attack-graph-headline"]');
      await expect(summary.getByRole('heading')).toHaveCount(1);
      const headline = (await summary.getByRole('heading').textContent()) ?? '';
      const count = async (label: string) =>
        Number(
          (
            await summary.getByRole('listitem').filter({ hasText: label }).first().textContent()
          )?.match(/^\d+/)?.[0],
        );
      const open = await count('open paths');
      const unknown = await count('unknown paths');
      if (open > 0) expect(headline).toMatch(new RegExp(`^${open} open paths? reach`));
      else expect(headline).toContain(`${unknown} could not be checked yet`);
      // No second headline of paths anywhere on the page.
      await expect(page.getByText(/open paths? (to|reach) your/)).toHaveCount(open > 0 ? 1 : 0);

      if (viewport.width < 768) {
        // A phone gets the list: each step's name whole, at least 12 px.
        const steps = page.getByRole('list', { name: 'Attack paths' }).getByRole('button');
        await expect(steps.first()).toBeVisible();
        const text = await steps.evaluateAll((all) =>
          all.map((el) => ({
            size: Number.parseFloat(getComputedStyle(el).fontSize),
            over: el.scrollWidth > el.clientWidth,
          })),
        );
        for (const t of text) expect(t.size).toBeGreaterThanOrEqual(12);
        return;
      }
      const graph = page.getByRole('region', { name: 'Attack graph', exact: true });
      await expect(graph.locator('[data-graph-node]').first()).toBeVisible();
      const measured = await graph.evaluate((root) => {
        const canvas = root.querySelector('[data-graph-canvas]') as HTMLElement;
        const zoom = new DOMMatrix(getComputedStyle(canvas).transform).a;
        const nodes = [...root.querySelectorAll('[data-graph-node]')] as HTMLElement[];
        const texts = [...root.querySelectorAll('[data-graph-node] *')].filter(
          (el) => el.childElementCount === 0 && (el.textContent ?? '').trim() !== '',
        ) as HTMLElement[];
        // The part of the graph's box on screen: a node there has nothing (a watermark, a
        // credit, a control) drawn over it.
        const shown = canvas.parentElement?.parentElement?.getBoundingClientRect();
        const centre = (node: HTMLElement) => {
          const r = node.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        };
        const onScreen = nodes.filter((node) => {
          const { x, y } = centre(node);
          return (
            shown &&
            x >= shown.left &&
            x <= shown.right &&
            y >= shown.top &&
            y <= Math.min(shown.bottom, window.innerHeight)
          );
        });
        const covered = onScreen.filter((node) => {
          const { x, y } = centre(node);
          return !node.contains(document.elementFromPoint(x, y));
        });
        return {
          zoom,
          smallest: Math.min(
            ...texts.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
          ),
          cut: [...texts, ...nodes]
            // Cut is narrower or shorter than its text (an ellipsis style alone cuts nothing).
            .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
            .map((el) => el.textContent),
          covered: covered.map((node) => node.getAttribute('aria-label')),
          onScreen: onScreen.length,
        };
      });
      expect(measured.smallest * measured.zoom).toBeGreaterThanOrEqual(12);
      expect(measured.cut).toEqual([]);
      expect(measured.onScreen).toBeGreaterThan(0);
      expect(measured.covered).toEqual([]);
    });

    test('each person’s copy of a task is one card with a reminder to all', async ({ page }) => {
      await page.route('**/api/risk-analysis/attack-graph', (route) =>
        json(route, 200, withEleven(BEFORE)),
      );
      await openAppAs(page, ADMIN, GRAPH);
      if (viewport.width < 768) {
        await page
          .getByRole('list', { name: 'Attack paths' })
          .getByRole('button', { name: 'Phishing e-mail' })
          .first()
          .click();
      } else {
        await page
          .getByRole('region', { name: 'Attack graph', exact: true })
          .getByRole('button', { name: /^Entry point: Phishing e-mail/ })
          .click();
      }
      const panel = page.getByRole('dialog');
      const cards = panel.getByRole('listitem', { name: 'Learn to spot phishing' });
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('11 people — 3 done, 8 to go');
      await expect(cards.getByRole('button', { name: 'Remind all 8' })).toBeVisible();
      await expect(cards.getByRole('listitem')).toHaveCount(0);
      await cards.getByRole('button', { name: 'Show the 11 people' }).click();
      await expect(cards.getByRole('listitem')).toHaveCount(11);
    });
  });
}
