import type {
  WatchChange,
  WatchResponse,
  WatchSuggestionsResponse,
  WatchTarget,
} from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { type ApiCall, fakeApi, noContent, type Reply, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import { WatchSection } from './index';
import { extraTargets, problemCount } from './watch-words';

const ALICE_DMARC = 'enable-dmarc:00000000-0000-4000-8000-000000000002';
const PRIMARY_ID = '11111111-1111-4111-8111-111111111111';
const SHOP_ID = '22222222-2222-4222-8222-222222222222';

const target = (over: Partial<WatchTarget>): WatchTarget => ({
  id: PRIMARY_ID,
  name: 'brightwave.example',
  kind: 'primary',
  source: 'registration',
  addedAt: '2026-03-01T09:00:00.000Z',
  lastScan: {
    id: '33333333-3333-4333-8333-333333333333',
    state: 'done',
    startedAt: '2026-03-10T06:00:00.000Z',
    finishedAt: '2026-03-10T06:01:00.000Z',
    grade: 'B',
    failing: 3,
    error: null,
    certificateProblem: null,
  },
  nextScanAt: '2026-03-17T06:00:00.000Z',
  ...over,
});

const WATCH: WatchResponse = {
  frequency: 'daily',
  targets: [
    target({}),
    target({
      id: SHOP_ID,
      name: 'shop.brightwave.example',
      kind: 'subdomain',
      source: 'certificate-transparency',
      lastScan: null,
    }),
  ],
};

const change = (n: number, over: Partial<WatchChange>): WatchChange => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  targetName: 'brightwave.example',
  kind: 'record-changed',
  direction: 'neutral',
  summary: `Change ${n}`,
  catalogueId: null,
  taskId: null,
  before: null,
  after: null,
  detectedAt: '2026-03-10T06:01:00.000Z',
  alertedAt: null,
  ...over,
});

const NEVER: WatchSuggestionsResponse = {
  state: 'never',
  searchedAt: null,
  error: null,
  names: [],
};

type Answers = Record<string, Reply | ((call: ApiCall) => Reply)>;

/** The watch's endpoints as an organisation with no changes yet would answer; `answers` replace. */
function serve(answers: Answers = {}) {
  return fakeApi({
    'GET /watch': reply(WATCH),
    'GET /watch/changes': reply({ changes: [], more: false }),
    'GET /watch/suggestions': reply(NEVER),
    ...answers,
  });
}

const show = () =>
  renderWithApp(
    <>
      <WatchSection />
      <ConfirmHost />
    </>,
    { path: '/risk-analysis?tab=watch' },
  );

const section = (name: string) => screen.findByRole('region', { name });

describe('the timeline of changes', () => {
  it('shows each change with its direction in words, its task and the alert, then older ones', async () => {
    const api = serve({
      'GET /watch/changes': (call) =>
        call.query.get('before')
          ? reply({
              changes: [
                change(3, { summary: 'The MX record points elsewhere.', catalogueId: 'check-mx' }),
              ],
              more: false,
            })
          : reply({
              changes: [
                change(1, {
                  direction: 'worse',
                  kind: 'check-worse',
                  summary: 'DMARC no longer rejects forged mail.',
                  catalogueId: 'enable-dmarc',
                  taskId: ALICE_DMARC,
                  before: 'v=DMARC1; p=reject',
                  after: 'v=DMARC1; p=none\nrua=mailto:d@brightwave.example',
                  detectedAt: '2026-03-12T06:01:00.000Z',
                  alertedAt: '2026-03-12T06:05:00.000Z',
                }),
                change(2, {
                  targetName: 'shop.brightwave.example',
                  direction: 'better',
                  kind: 'certificate-renewed',
                  summary: 'The certificate was renewed.',
                  detectedAt: '2026-03-11T06:01:00.000Z',
                }),
              ],
              more: true,
            }),
    });
    const { user } = show();
    const timeline = await section('Timeline of changes');
    const list = await within(timeline).findByRole('list', { name: 'Changes' });
    let items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [worse, better] = items as [HTMLElement, HTMLElement];
    expect(within(worse).getByText('Worse')).toBeVisible();
    expect(worse).toHaveTextContent('brightwave.example');
    expect(worse).toHaveTextContent('DMARC no longer rejects forged mail.');
    expect(worse).toHaveTextContent('Administrators told');
    expect(
      within(worse).getByRole('link', {
        name: 'Open the task: DMARC no longer rejects forged mail.',
      }),
    ).toHaveAttribute('href', `/tasks/${encodeURIComponent(ALICE_DMARC)}`);
    // The values before and after are folded away until asked for.
    const after = within(worse).getByText(/p=none/);
    expect(after).not.toBeVisible();
    await user.click(within(worse).getByText('Before and after'));
    expect(after).toBeVisible();
    expect(after.textContent).toBe('v=DMARC1; p=none\nrua=mailto:d@brightwave.example');

    expect(within(better).getByText('Better')).toBeVisible();
    expect(better).toHaveTextContent('shop.brightwave.example');
    expect(within(better).queryByRole('link')).toBeNull();
    expect(better).not.toHaveTextContent('Administrators told');
    expect(within(better).queryByText('Before and after')).toBeNull();

    await user.click(within(timeline).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    items = within(list).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('The MX record points elsewhere.');
    const older = items[2] as HTMLElement;
    expect(within(older).getByText('Changed')).toBeVisible();
    // Without a copy of their own, the task list opens the catalogue task.
    expect(within(older).getByRole('link', { name: /^Open the task/ })).toHaveAttribute(
      'href',
      '/tasks?task=check-mx',
    );
    expect(api.callsTo('GET /watch/changes').map((c) => c.query.get('before'))).toEqual([
      null,
      'c0000000-0000-4000-8000-000000000002',
    ]);
    expect(within(timeline).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says what it will show before any change is found', async () => {
    serve();
    show();
    const timeline = await section('Timeline of changes');
    expect(
      await within(timeline).findByText(
        'No changes yet. Each scan is compared with the one before it; what changed shows here.',
      ),
    ).toBeVisible();
    expect(within(timeline).queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});

describe('what is watched', () => {
  it('lists each name with its kind, origin and last scan', async () => {
    serve();
    show();
    const watched = await screen.findByRole('list', { name: 'Watched names' });
    const primary = within(watched).getByRole('listitem', { name: 'brightwave.example' });
    expect(primary).toHaveTextContent('Your domain');
    expect(primary).toHaveTextContent('Registered');
    expect(within(primary).getByRole('img', { name: 'Grade B' })).toBeVisible();
    expect(primary).toHaveTextContent('3 problems');
    expect(
      within(primary).getByRole('button', { name: 'Scan now: brightwave.example' }),
    ).toBeVisible();
    // The organisation's own domain is always watched.
    expect(within(primary).queryByRole('button', { name: /Stop watching/ })).toBeNull();

    const shop = within(watched).getByRole('listitem', { name: 'shop.brightwave.example' });
    expect(shop).toHaveTextContent('Subdomain');
    expect(shop).toHaveTextContent('Found in certificate logs');
    expect(shop).toHaveTextContent('Not scanned yet');
    expect(screen.getByText('1 of 20 extra names')).toBeVisible();
  });

  it('saves how often the names are scanned', async () => {
    const api = serve({
      'PUT /watch/settings': (call) =>
        reply({ ...WATCH, frequency: (call.body as { frequency: string }).frequency }),
    });
    const { user } = show();
    const often = await screen.findByLabelText('How often');
    expect(often).toHaveValue('daily');
    await user.selectOptions(often, 'Every week');
    await waitFor(() => expect(api.callsTo('PUT /watch/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /watch/settings')[0]?.body).toEqual({ frequency: 'weekly' });
    await waitFor(() => expect(often).toHaveValue('weekly'));
    expect(often).toBeEnabled();
  });

  it('shows the server’s refusal under the name typed, and keeps the name', async () => {
    const refusal = 'other.example is not under brightwave.example: prove you own it first.';
    const api = serve({ 'POST /watch/targets': reply({ error: refusal }, 400) });
    const { user } = show();
    const input = await screen.findByLabelText('Domain or subdomain');
    await user.type(input, 'other.example');
    await user.click(screen.getByRole('button', { name: 'Watch it' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(input).toHaveValue('other.example');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /watch/targets')[0]?.body).toEqual({ name: 'other.example' });

    // Typing again clears the refusal.
    await user.type(input, 'x');
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('closes the form once 20 extra names are watched', async () => {
    const extras = Array.from({ length: 20 }, (_, i) =>
      target({
        id: `00000000-0000-4000-8000-0000000000${10 + i}`,
        name: `n${i}.brightwave.example`,
        kind: 'subdomain',
      }),
    );
    serve({ 'GET /watch': reply({ ...WATCH, targets: [target({}), ...extras] }) });
    show();
    expect(
      await screen.findByText('20 of 20 extra names: stop watching one to add another.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Domain or subdomain')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Watch it' })).toBeDisabled();
  });

  it('starts a scan, and says when the server would not start one yet', async () => {
    const running = target({
      id: SHOP_ID,
      name: 'shop.brightwave.example',
      kind: 'subdomain',
      lastScan: {
        id: '55555555-5555-4555-8555-555555555555',
        state: 'running',
        startedAt: '2026-03-12T09:00:00.000Z',
        finishedAt: null,
        grade: null,
        failing: 0,
        error: null,
        certificateProblem: null,
      },
    });
    const api = serve({
      [`POST /watch/targets/${SHOP_ID}/scan`]: reply({ target: running }, 202),
      [`POST /watch/targets/${PRIMARY_ID}/scan`]: reply(
        { error: 'Scanned less than an hour ago.' },
        429,
      ),
    });
    const { user } = show();
    const shop = await screen.findByRole('listitem', { name: 'shop.brightwave.example' });
    const scanShop = within(shop).getByRole('button', {
      name: 'Scan now: shop.brightwave.example',
    });
    await user.click(scanShop);
    expect(await within(shop).findByText('Scanning…')).toBeVisible();
    expect(scanShop).toBeDisabled();
    expect(api.callsTo(`POST /watch/targets/${SHOP_ID}/scan`)).toHaveLength(1);

    const primary = screen.getByRole('listitem', { name: 'brightwave.example' });
    await user.click(within(primary).getByRole('button', { name: 'Scan now: brightwave.example' }));
    const toast = await findToast('status', 'brightwave.example was not scanned');
    expect(toast).toHaveTextContent('at most once every 60 minutes');
    expect(primary).toHaveTextContent('3 problems');
  });

  it('asks before it stops watching a name', async () => {
    const api = serve({ [`DELETE /watch/targets/${SHOP_ID}`]: noContent() });
    const { user } = show();
    const shop = await screen.findByRole('listitem', { name: 'shop.brightwave.example' });
    await user.click(
      within(shop).getByRole('button', { name: 'Stop watching shop.brightwave.example' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop watching shop.brightwave.example?',
    });
    expect(api.callsTo(`DELETE /watch/targets/${SHOP_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stop watching' }));
    await waitFor(() => expect(api.callsTo(`DELETE /watch/targets/${SHOP_ID}`)).toHaveLength(1));
    await findToast('status', 'shop.brightwave.example is no longer watched');
  });
});

describe('the names found in certificate logs', () => {
  it('searches the logs, waits for them, and watches a name found', async () => {
    let suggestions: WatchSuggestionsResponse = NEVER;
    let watch = WATCH;
    const api = serve({
      'GET /watch': () => reply(watch),
      'GET /watch/suggestions': () => {
        // The search is over by the first poll.
        if (suggestions.state === 'searching') {
          suggestions = {
            state: 'done',
            searchedAt: '2026-03-12T08:00:00.000Z',
            error: null,
            names: [
              { name: 'mail.brightwave.example', firstSeen: '2025-06-01T00:00:00.000Z' },
              { name: 'old.brightwave.example', firstSeen: null },
            ],
          };
        }
        return reply(suggestions);
      },
      'POST /watch/suggestions': () => {
        suggestions = { ...NEVER, state: 'searching' };
        return reply(suggestions, 202);
      },
      'POST /watch/targets': (call) => {
        const { name } = call.body as { name: string };
        const added = target({
          id: '44444444-4444-4444-8444-444444444444',
          name,
          kind: 'subdomain',
          source: 'certificate-transparency',
          lastScan: null,
        });
        watch = { ...watch, targets: [...watch.targets, added] };
        suggestions = {
          ...suggestions,
          names: suggestions.names.filter((n) => n.name !== name),
        };
        return reply({ target: added }, 201);
      },
    });
    const { user } = show();
    const logs = await section('Found in certificate logs');
    expect(
      await within(logs).findByText(/Certificate transparency logs list every certificate/),
    ).toBeVisible();

    await user.click(within(logs).getByRole('button', { name: 'Search certificate logs' }));
    expect(await within(logs).findByText('Searching certificate logs…')).toBeVisible();

    // Polled every 2 seconds until the search is done.
    const found = await within(logs).findByRole(
      'list',
      { name: 'Names found in certificate logs' },
      { timeout: 5000 },
    );
    expect(within(found).getAllByRole('listitem')).toHaveLength(2);
    expect(within(logs).getByText(/^Searched/)).toBeVisible();
    expect(within(logs).getByRole('button', { name: 'Search again' })).toBeVisible();

    await user.click(
      within(found).getByRole('button', { name: 'Watch it: mail.brightwave.example' }),
    );
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('POST /watch/targets')[0]?.body).toEqual({
      name: 'mail.brightwave.example',
    });
    expect(await screen.findByRole('listitem', { name: 'mail.brightwave.example' })).toBeVisible();
    expect(screen.getByText('2 of 20 extra names')).toBeVisible();
  });

  it('says why a search failed and offers another', async () => {
    const api = serve({
      'GET /watch/suggestions': reply({
        ...NEVER,
        state: 'failed',
        error: 'crt.sh did not answer in time.',
      }),
      'POST /watch/suggestions': reply({ ...NEVER, state: 'searching' }, 202),
    });
    const { user } = show();
    const logs = await section('Found in certificate logs');
    expect(await within(logs).findByText('crt.sh did not answer in time.')).toBeVisible();
    await user.click(within(logs).getByRole('button', { name: 'Try again' }));
    expect(await within(logs).findByText('Searching certificate logs…')).toBeVisible();
    expect(api.callsTo('POST /watch/suggestions')).toHaveLength(1);
  });

  it('says so when the logs name nothing else', async () => {
    serve({
      'GET /watch/suggestions': reply({
        state: 'done',
        searchedAt: '2026-03-12T08:00:00.000Z',
        error: null,
        names: [],
      }),
    });
    show();
    const logs = await section('Found in certificate logs');
    expect(await within(logs).findByText('No other names found.')).toBeVisible();
  });
});

describe('watch words', () => {
  it('counts problems and the extra names', () => {
    expect([0, 1, 4].map((failing) => problemCount({ failing }))).toEqual([
      'No problems',
      '1 problem',
      '4 problems',
    ]);
    expect(extraTargets(WATCH)).toEqual({ count: 1, full: false, words: '1 of 20 extra names' });
  });
});
