import type { AttackGraphResponse } from '@castellan/contract';
import type { Page } from '@playwright/test';
import { AFTER_MFA, BEFORE, EMPTY, MFA_TASK } from './attack-graph-fixtures';
import { expect, json, openAppAs, test } from './helpers';

const PAGE = '/risk-analysis/attack-graph';
const ADMIN = 'Alice Morgan';
const MEMBER = 'Ben Carter';

/** Answers the attack graph with `graph.current`; counts the fetches. */
async function fakeGraph(page: Page, start: AttackGraphResponse) {
  const graph = { current: start, gets: 0 };
  await page.route('**/api/risk-analysis/attack-graph', (route) => {
    graph.gets += 1;
    return json(route, 200, graph.current);
  });
  return graph;
}

const graphView = (page: Page) => page.getByRole('region', { name: 'Attack graph', exact: true });
const graphNode = (page: Page, name: string | RegExp) =>
  graphView(page).getByRole('button', { name });
/** The nodes, not the zoom buttons. */
const graphNodes = (page: Page) => graphNode(page, /^(Entry point|Attacker step|Asset|Impact): /);
type Box = { x: number; y: number; right: number; bottom: number };
/** Each node's box on screen, by node id. */
const nodeBoxes = (page: Page): Promise<Record<string, Box>> =>
  graphView(page)
    .locator('[data-graph-node]')
    .evaluateAll((all) =>
      Object.fromEntries(
        all.map((el) => {
          const { x, y, right, bottom } = el.getBoundingClientRect();
          return [el.getAttribute('data-graph-node') ?? '', { x, y, right, bottom }];
        }),
      ),
    );
/** The pairs of nodes whose boxes overlap. */
const overlapping = (boxes: Record<string, Box>) =>
  Object.entries(boxes).flatMap(([a, p], i) =>
    Object.entries(boxes)
      .slice(i + 1)
      .filter(([, q]) => p.x < q.right && q.x < p.right && p.y < q.bottom && q.y < p.bottom)
      .map(([b]) => `${a} and ${b}`),
  );
const pathList = (page: Page) => page.getByRole('list', { name: 'Attack paths' });
const details = (page: Page) => page.getByRole('dialog');
const chooseView = (page: Page, view: 'Graph' | 'List') =>
  page.getByRole('radiogroup', { name: 'View' }).getByText(view, { exact: true }).click();

test.describe('the attack graph', () => {
  test('an administrator reaches it from the risk analysis', async ({ page }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, '/risk-analysis');
    await page.getByRole('link', { name: 'Open the attack graph' }).click();
    await expect(page).toHaveURL(PAGE);
    await expect(page.getByRole('heading', { level: 2, name: BEFORE.headline })).toBeVisible();
  });

  test('draws the nodes left to right under the headline and counts', async ({ page }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    await expect(page).toHaveTitle('Attack graph | Castellan');
    await expect(page.getByRole('heading', { level: 1, name: 'Attack graph' })).toBeVisible();
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: '3 open paths reach your admin console and mailboxes',
      }),
    ).toBeVisible();
    const counts = page.getByRole('list', { name: 'Counts' });
    await expect(counts.getByRole('listitem')).toHaveText([
      '3open paths',
      '1unknown paths',
      '2open entry points',
      '1unknown entry points',
    ]);

    await expect(graphNodes(page)).toHaveCount(BEFORE.nodes.length);
    const entry = graphNode(page, 'Entry point: Phishing e-mail, High severity');
    const impact = graphNode(page, /^Impact: Whole tenant taken over/);
    const unknown = graphNode(page, 'Entry point: Unchecked laptops, unknown, Medium severity');
    await expect(unknown).toContainText('Unknown');
    await expect(unknown).toContainText('Medium');
    const [from, to] = [await entry.boundingBox(), await impact.boundingBox()];
    expect(from && to && from.x < to.x, 'entry points left of the impacts').toBe(true);
    const boxes = await nodeBoxes(page);
    for (const edge of BEFORE.edges) {
      expect(boxes[edge.from]?.right, edge.id).toBeLessThan(boxes[edge.to]?.x ?? 0);
    }
    expect(overlapping(boxes)).toEqual([]);
    // What the arrows say, for a screen reader.
    await expect(entry).toHaveAccessibleDescription('Leads to Account takeover.');
  });

  test('a long name grows its node, which overlaps none of the others', async ({ page }) => {
    const label = 'Admin console, with every setting of every account, device and shared drive';
    await fakeGraph(page, {
      ...BEFORE,
      nodes: BEFORE.nodes.map((node) => (node.id === 'console' ? { ...node, label } : node)),
    });
    await openAppAs(page, ADMIN, PAGE);
    await expect(graphNode(page, `Asset: ${label}, High severity`)).toContainText(label);
    const boxes = await nodeBoxes(page);
    const [tall, other] = [boxes.console, boxes.mail];
    expect((tall?.bottom ?? 0) - (tall?.y ?? 0)).toBeGreaterThan(
      (other?.bottom ?? 0) - (other?.y ?? 0),
    );
    expect(overlapping(boxes)).toEqual([]);
  });

  test('zooms with its buttons, never under the readable zoom, and pans by dragging', async ({
    page,
  }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    const canvas = graphView(page).locator('[data-graph-canvas]');
    const zoom = () => canvas.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    /** How far the graph's box is scrolled to the right. */
    const scrolled = () =>
      canvas.evaluate((el) => el.parentElement?.parentElement?.scrollLeft ?? Number.NaN);
    await expect(graphNodes(page).first()).toBeVisible();
    const fitted = await zoom();
    const button = (name: string) => graphView(page).getByRole('button', { name });

    for (let i = 0; i < 4; i += 1) await button('Zoom out').click();
    expect(await zoom()).toBeCloseTo(12 / 15);
    for (let i = 0; i < 6; i += 1) await button('Zoom in').click();
    expect(await zoom()).toBeCloseTo(1.5);

    // Zoomed in, the graph is wider than its box: a drag from a node pans, and opens nothing.
    await button('Zoom in').scrollIntoViewIfNeeded();
    const from = await canvas.evaluate((el) => {
      const box = el.parentElement?.parentElement?.getBoundingClientRect();
      const shown = [...el.querySelectorAll('[data-graph-node]')]
        .map((node) => node.getBoundingClientRect())
        .find(
          (r) =>
            box &&
            r.left >= box.left &&
            r.right <= box.right &&
            r.top >= box.top &&
            r.bottom <= Math.min(box.bottom, window.innerHeight),
        );
      return shown && { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 };
    });
    expect(from, 'a node in view').toBeDefined();
    const left = await scrolled();
    await page.mouse.move(from?.x ?? 0, from?.y ?? 0);
    await page.mouse.down();
    await page.mouse.move((from?.x ?? 0) - 150, from?.y ?? 0, { steps: 5 });
    await page.mouse.up();
    await expect.poll(scrolled).toBeGreaterThan(left + 100);
    await page.waitForTimeout(300);
    await expect(details(page)).toHaveCount(0);

    await button('Fit view').click();
    expect(await zoom()).toBeCloseTo(fitted);
    expect(await scrolled()).toBe(0);
    // A click still opens a node after the drag.
    await graphNode(page, /Phishing e-mail/).click();
    await expect(details(page)).toBeVisible();
  });

  test('filters the graph and the list by asset', async ({ page }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    const assets = page.getByRole('radiogroup', { name: 'Asset' });
    await expect(assets.getByRole('radio')).toHaveCount(4);
    await assets.getByText('Mailboxes (1 open)').click();
    await expect(graphNode(page, /Mailboxes/)).toBeVisible();
    await expect(graphNode(page, /Password spraying/)).toHaveCount(0);
    await expect(graphNodes(page)).toHaveCount(4);

    await chooseView(page, 'List');
    await expect(pathList(page).getByRole('listitem')).toHaveCount(1);
    await expect(pathList(page)).toContainText('invoice fraud');

    await assets.getByText(/^All/).click();
    await expect(pathList(page).getByRole('listitem')).toHaveCount(4);
  });

  test('a click on an entry point shows its evidence and the tasks that close it', async ({
    page,
  }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    await graphNode(page, /Phishing e-mail/).click();
    const panel = details(page);
    await expect(panel.getByRole('heading', { name: 'Phishing e-mail' })).toBeVisible();
    await expect(panel).toContainText('A convincing e-mail asks for a password.');
    await expect(panel.getByRole('region', { name: 'Evidence' })).toContainText(
      '3 of 12 mailboxes have no MFA (Google Workspace)',
    );
    const tasks = panel.getByRole('region', { name: 'Tasks that close it' });
    const mfa = tasks.getByRole('listitem', { name: MFA_TASK.title });
    await expect(mfa).toContainText('Admin task: any administrator can do it');
    await expect(mfa.getByRole('button', { name: 'Mark as done' })).toBeEnabled();
    await expect(mfa.getByRole('link', { name: 'Open in Your tasks' })).toHaveAttribute(
      'href',
      '/tasks',
    );
    // Ben's own task: the admin may not tick it off for him.
    const training = tasks.getByRole('listitem', { name: 'Learn to spot phishing' });
    await expect(training).toContainText('Assigned to ben.carter@');
    await expect(training.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await graphNode(page, /Password spraying/).click();
    const held = details(page).getByRole('button', { name: 'Mark as done' });
    await expect(held).toBeDisabled();
    await expect(held).toHaveAccessibleDescription(
      'An automatic check (Google Workspace) holds this open: fix it and it will pass.',
    );

    await page.keyboard.press('Escape');
    await graphNode(page, /Unchecked laptops/).click();
    await expect(
      details(page).getByRole('link', { name: 'Install the agent to check the laptops' }),
    ).toHaveAttribute('href', '/agent/download');
  });

  test('Mark as done completes the task and the graph comes back without the cut paths', async ({
    page,
  }) => {
    const graph = await fakeGraph(page, BEFORE);
    const posted: unknown[] = [];
    await page.route('**/api/mark-action-complete', (route) => {
      posted.push(route.request().postDataJSON());
      graph.current = AFTER_MFA;
      return json(route, 200, { task: { id: MFA_TASK.taskId, isCompleted: true } });
    });
    await openAppAs(page, ADMIN, PAGE);
    const assets = page.getByRole('radiogroup', { name: 'Asset' });
    await assets.getByText('Mailboxes (1 open)').click();
    await graphNode(page, /Phishing e-mail/).click();
    await details(page)
      .getByRole('listitem', { name: MFA_TASK.title })
      .getByRole('button', { name: 'Mark as done' })
      .click();

    await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();
    expect(posted).toEqual([{ taskId: MFA_TASK.taskId }]);
    await expect(
      page.getByRole('heading', { level: 2, name: '1 open path reaches your admin console' }),
    ).toBeVisible();
    await expect(graphNode(page, /Phishing e-mail/)).toHaveCount(0);
    await expect(details(page)).toHaveCount(0);
    // The mailboxes have no path left: every path is shown again.
    await expect(assets.getByRole('radio', { name: 'All (1 open)' })).toBeChecked();
    await expect(graphNode(page, /Password spraying/)).toBeVisible();
    expect(graph.gets).toBe(2);
  });

  test('a node reached with Tab opens with Enter, and Escape gives focus back', async ({
    page,
  }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    await expect(graphNodes(page).first()).toBeVisible();
    await page
      .getByRole('radiogroup', { name: 'View' })
      .getByRole('radio', { name: 'Graph' })
      .focus();
    let focused = '';
    for (let presses = 0; presses < 20 && !focused.startsWith('Entry point'); presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toMatch(/^Entry point: /);
    await page.keyboard.press('Enter');
    await expect(details(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details(page)).toHaveCount(0);
    await expect(graphView(page).getByRole('button', { name: focused })).toBeFocused();

    await graphView(page).getByRole('button', { name: focused }).press(' ');
    await expect(details(page)).toBeVisible();
  });

  test('the list view gives the paths in order, most dangerous first', async ({ page }) => {
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    await chooseView(page, 'List');
    await expect(graphView(page)).toHaveCount(0);
    const items = pathList(page).getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText(
      'Path 1CriticalPassword spraying→Account takeover→Admin console→Whole tenant taken over',
    );
    await expect(items.nth(3)).toContainText('Unknown');
    await expect(items.nth(3)).toContainText('Malware on an unchecked laptop');
    await items.nth(1).getByRole('button', { name: 'Phishing e-mail' }).click();
    await expect(details(page).getByRole('heading', { name: 'Phishing e-mail' })).toBeVisible();
  });

  test('a small screen shows the list instead of the graph', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await fakeGraph(page, BEFORE);
    await openAppAs(page, ADMIN, PAGE);
    await expect(pathList(page).getByRole('listitem')).toHaveCount(4);
    await expect(graphView(page)).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: 'View' })).toHaveCount(0);
  });

  test('says so when there is no path', async ({ page }) => {
    await fakeGraph(page, EMPTY);
    await openAppAs(page, ADMIN, PAGE);
    // The headline says it once; the page adds what it means.
    await expect(page.getByRole('heading', { name: 'No open attack paths' })).toBeVisible();
    await expect(page.getByText(/No open attack paths/)).toHaveCount(1);
    await expect(
      page.getByText('Nothing the checks found leads an attacker to your assets.'),
    ).toBeVisible();
  });

  test('a member is told the graph is for administrators, asked once', async ({ page }) => {
    let gets = 0;
    await page.route('**/api/risk-analysis/attack-graph', (route) => {
      gets += 1;
      return json(route, 403, { error: 'Only administrators may do this.' });
    });
    await openAppAs(page, MEMBER, PAGE);
    await expect(page.getByRole('alert')).toContainText(
      'Only administrators can see the attack graph',
    );
    await page.waitForTimeout(500);
    expect(gets).toBe(1);
  });

  test('someone signed out is asked to sign in', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByRole('alert')).toContainText(
      'Sign in as an administrator of your organisation to see its attack graph.',
    );
    await expect(page.getByRole('alert').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('the overview does not load the graph view', async ({ page }) => {
    await fakeGraph(page, BEFORE);
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) scripts.add(request.url());
    });
    // The attribute of the zoomed layer, found only in the graph view's own chunk.
    const hasGraph = async () => {
      for (const url of scripts) {
        if ((await (await page.request.get(url)).text()).includes('data-graph-canvas')) return true;
      }
      return false;
    };
    await openAppAs(page, ADMIN, '/dashboard');
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    expect(await hasGraph(), 'the graph view on the overview').toBe(false);

    await page.goto(PAGE);
    await expect(graphView(page)).toBeVisible();
    await expect.poll(hasGraph, { message: 'the graph view on the attack graph' }).toBe(true);
  });
});
