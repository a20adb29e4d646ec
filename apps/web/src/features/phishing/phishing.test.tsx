import type {
  Member,
  PhishingCampaign,
  PhishingCampaignResponse,
  PhishingOverview,
  PhishingPerson,
  PhishingRecipient,
  UserData,
} from '@castellan/contract';
import { PHISHING_CONSENT_TEXT } from '@castellan/contract/phishing-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { formatDate } from '../../lib/format-date';
import { formatDateTime } from '../../lib/format-relative-time';
import { type ApiCall, fakeApi, type Reply, reply } from '../../test/fake-api';
import { anAdmin, aUser } from '../../test/fixtures';
import { renderRoute, renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import PhishingPage from './PhishingPage';
import { trendOf, windowName } from './phishing-words';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const BEN = 'b0000000-0000-4000-8000-000000000001';
const CARA = 'c0000000-0000-4000-8000-000000000002';

const figures = (over: Partial<PhishingCampaign['figures']> = {}) => ({
  recipients: 0,
  sent: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  lessonsDone: 0,
  scannerVisits: 0,
  ...over,
});

const aCampaign = (over: Partial<PhishingCampaign> = {}): PhishingCampaign => ({
  id: FIRST,
  templateId: 'invoice',
  title: 'Unpaid invoice',
  createdAt: '2026-03-02T09:00:00.000Z',
  createdBy: 'Alice Morgan',
  windowStart: '2026-03-02T09:00:00.000Z',
  windowEnd: '2026-03-03T09:00:00.000Z',
  state: 'sent',
  figures: figures({
    recipients: 4,
    sent: 4,
    clicked: 2,
    submitted: 1,
    reported: 1,
    lessonsDone: 1,
    scannerVisits: 3,
  }),
  ...over,
});

const OVERVIEW: PhishingOverview = {
  consent: {
    by: 'Alice Morgan',
    at: '2026-03-01T08:30:00.000Z',
    text: PHISHING_CONSENT_TEXT,
  },
  reportAddress: 'report-4f2a@castellan.example',
  mailEnabled: true,
  allowlist: { header: 'X-Castellan-Practice: 4f2a', fromAddress: 'it-desk@castellan.example' },
  templates: [
    {
      id: 'invoice',
      title: 'Unpaid invoice',
      subject: 'Invoice 4471 is overdue',
      fromName: 'Accounts at Brightwave',
      summary: 'Asks to pay an overdue invoice through a link.',
    },
    {
      id: 'gift-cards',
      title: 'Gift cards for the boss',
      subject: 'Quick favour?',
      fromName: 'Alice Morgan',
      summary: 'Asks to buy gift cards and send their codes.',
    },
  ],
  campaigns: [],
};

const member = (id: string, first: string, last: string): Member => ({
  id,
  email: `${first.toLowerCase()}@brightwave.example`,
  firstName: first,
  lastName: last,
  role: 'user',
  status: 'active',
  lastSignInAt: null,
  invitedAt: null,
});

const MEMBERS = [member(BEN, 'Ben', 'Carter'), member(CARA, 'Cara', 'Diaz')];

type Answers = Record<string, Reply | ((call: ApiCall) => Reply)>;

function serve(answers: Answers = {}) {
  return fakeApi({
    'GET /phishing': reply(OVERVIEW),
    'GET /phishing/people': reply({ people: [] }),
    'GET /users': reply({ members: MEMBERS }),
    ...answers,
  });
}

const show = () =>
  renderWithApp(
    <>
      <PhishingPage />
      <ConfirmHost />
    </>,
    { path: '/phishing' },
  );

const section = (name: string) => screen.findByRole('region', { name });

/** A moment as the page shows it, in this machine's time zone. */
const at = formatDateTime;

describe('the phishing page before the first campaign', () => {
  it('asks for the consent, insists on the tick, and records it', async () => {
    const api = serve({
      'GET /phishing': reply({ ...OVERVIEW, consent: null }),
      'POST /phishing/consent': reply(OVERVIEW),
    });
    const { user } = show();
    const consent = await section('Before the first campaign');
    expect(consent).toHaveTextContent(PHISHING_CONSENT_TEXT);
    // No campaign can be started before.
    expect(screen.queryByRole('region', { name: 'New campaign' })).toBeNull();

    await user.click(within(consent).getByRole('button', { name: 'Confirm and continue' }));
    expect(within(consent).getByText('Tick the box to confirm first.')).toBeVisible();
    expect(api.callsTo('POST /phishing/consent')).toHaveLength(0);

    await user.click(within(consent).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(consent).getByRole('button', { name: 'Confirm and continue' }));
    const recorded = await section('Permission to run practice');
    expect(recorded).toHaveTextContent(
      `Confirmed by Alice Morgan on ${formatDateTime('2026-03-01T08:30:00.000Z')}`,
    );
    expect(api.callsTo('POST /phishing/consent').map((c) => c.body)).toEqual([{ confirm: true }]);
    expect(await section('New campaign')).toBeVisible();
  });

  it('gives the report address and what to allowlist, with the way to Help', async () => {
    serve();
    show();
    const facts = await section('Reports and delivery');
    expect(facts).toHaveTextContent('report-4f2a@castellan.example counts as reported');
    expect(facts).toHaveTextContent('Header: X-Castellan-Practice: 4f2a');
    expect(facts).toHaveTextContent('Sender: it-desk@castellan.example');
    expect(within(facts).getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      '/help?article=phishing-practice',
    );
    expect(await section('Campaigns')).toHaveTextContent('No campaign has been started yet.');
    expect(await section('Trend')).toHaveTextContent('The trend starts once');
  });

  it('says when reports by e-mail are off, and that nothing can start without mail', async () => {
    serve({
      'GET /phishing': reply({ ...OVERVIEW, reportAddress: null, mailEnabled: false }),
    });
    show();
    expect(await screen.findByText('This server sends no e-mail')).toBeVisible();
    expect(await section('Reports and delivery')).toHaveTextContent(
      'Reports by e-mail are off on this server.',
    );
    const form = await section('New campaign');
    expect(within(form).getByRole('button', { name: 'Start campaign' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /Unpaid invoice/ })).toBeDisabled();
  });

  it('says so when the page cannot load', async () => {
    serve({ 'GET /phishing': reply({ error: 'Something broke.' }, 500) });
    show();
    expect(await screen.findByText('Could not load phishing practice')).toBeVisible();
  });
});

describe('a new campaign', () => {
  it('shows each template with its sender, subject and summary', async () => {
    serve();
    show();
    const form = await section('New campaign');
    const invoice = within(form).getByRole('radio', { name: /Unpaid invoice/ });
    expect(invoice).toHaveAccessibleDescription(
      expect.stringContaining('From: Accounts at Brightwave'),
    );
    expect(invoice).toHaveAccessibleDescription(
      expect.stringContaining('Subject: Invoice 4471 is overdue'),
    );
    expect(invoice).toHaveAccessibleDescription(
      expect.stringContaining('Asks to pay an overdue invoice through a link.'),
    );
    expect(within(form).getAllByRole('radio', { name: /Over|Within/ })).toHaveLength(5);
  });

  it('asks for a template and for people when chosen, before sending anything', async () => {
    const api = serve();
    const { user } = show();
    const form = await section('New campaign');
    await user.click(within(form).getByRole('radio', { name: 'Chosen people' }));
    await user.click(within(form).getByRole('button', { name: 'Start campaign' }));
    expect(within(form).getByText('Choose the message to send.')).toBeVisible();
    expect(
      within(form).getByText('Choose at least one person, or send to everyone.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /phishing/campaigns')).toHaveLength(0);
  });

  it('starts a campaign for chosen people after saying how many and over how long', async () => {
    const api = serve({
      'POST /phishing/campaigns': reply({ campaign: aCampaign({ state: 'sending' }) }, 201),
    });
    const { user } = show();
    const form = await section('New campaign');
    await user.click(within(form).getByRole('radio', { name: /Gift cards for the boss/ }));
    await user.click(within(form).getByRole('radio', { name: 'Chosen people' }));
    await user.click(await within(form).findByRole('checkbox', { name: /Cara Diaz/ }));
    await user.click(within(form).getByRole('radio', { name: 'Over four hours' }));
    await user.click(within(form).getByRole('button', { name: 'Start campaign' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start this campaign?' });
    expect(dialog).toHaveTextContent(
      'The practice message “Gift cards for the boss” goes to 1 person, at random times: over four hours.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));

    expect(await findToast('status', 'The campaign has started')).toBeVisible();
    expect(api.callsTo('POST /phishing/campaigns').map((c) => c.body)).toEqual([
      { templateId: 'gift-cards', everyone: false, userIds: [CARA], windowHours: 4 },
    ]);
    // The overview is fetched again with the new campaign.
    await waitFor(() => expect(api.callsTo('GET /phishing')).toHaveLength(2));
  });

  it('sends to everyone over a day unless told otherwise, and shows the server’s refusal', async () => {
    const api = serve({
      'POST /phishing/campaigns': reply({ error: 'windowHours: must be one of 1, 4' }, 400),
    });
    const { user } = show();
    const form = await section('New campaign');
    await user.click(within(form).getByRole('radio', { name: /Unpaid invoice/ }));
    await user.click(within(form).getByRole('button', { name: 'Start campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this campaign?' });
    expect(dialog).toHaveTextContent('goes to 2 people, at random times: over a day.');
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'windowHours: must be one of 1, 4',
    );
    expect(api.callsTo('POST /phishing/campaigns').map((c) => c.body)).toEqual([
      { templateId: 'invoice', everyone: true, userIds: [], windowHours: 24 },
    ]);
  });
});

const recipient = (over: Partial<PhishingRecipient>): PhishingRecipient => ({
  userId: BEN,
  name: 'Ben Carter',
  email: 'ben@brightwave.example',
  scheduledAt: '2026-03-02T10:00:00.000Z',
  sentAt: '2026-03-02T10:00:05.000Z',
  clickedAt: null,
  submittedAt: null,
  reportedAt: null,
  lessonDoneAt: null,
  scannerVisits: 0,
  failed: null,
  ...over,
});

describe('the campaigns', () => {
  const older = aCampaign({
    id: SECOND,
    createdAt: '2026-02-02T09:00:00.000Z',
    figures: figures({ recipients: 5, sent: 5, clicked: 4, reported: 0 }),
  });
  const waiting = aCampaign({
    id: 'a0000000-0000-4000-8000-000000000003',
    title: 'Parcel on hold',
    templateId: 'parcel',
    createdAt: '2026-03-04T09:00:00.000Z',
    windowEnd: '2026-03-02T10:00:00.000Z',
    state: 'sending',
    figures: figures({ recipients: 3 }),
  });
  const withCampaigns = { ...OVERVIEW, campaigns: [waiting, aCampaign(), older] };

  it('lists each with its window, state and figures, scanner visits apart', async () => {
    serve({ 'GET /phishing': reply(withCampaigns) });
    show();
    const campaigns = await section('Campaigns');
    const rows = within(campaigns).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      `Parcel on hold, started ${at('2026-03-04T09:00:00.000Z')}`,
      `Unpaid invoice, started ${at('2026-03-02T09:00:00.000Z')}`,
      `Unpaid invoice, started ${at('2026-02-02T09:00:00.000Z')}`,
    ]);
    const cells = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Unpaid invoice',
      at('2026-03-02T09:00:00.000Z'),
      'Over a day',
      'Sent',
      '4 of 4',
      '2',
      '1',
      '1',
      '1',
      '3',
      'Show people',
    ]);
    expect(rows[0]).toHaveTextContent('Within an hour');
    expect(rows[0]).toHaveTextContent('Sending');
    expect(
      within(campaigns).getByRole('columnheader', { name: 'Scanner visits not counted' }),
    ).toBeVisible();
  });

  it('shows a campaign’s people with the time of each step, and why a message failed', async () => {
    const detail: PhishingCampaignResponse = {
      campaign: aCampaign(),
      recipients: [
        recipient({
          clickedAt: '2026-03-02T11:00:00.000Z',
          lessonDoneAt: '2026-03-02T11:03:00.000Z',
          scannerVisits: 1,
        }),
        recipient({
          userId: CARA,
          name: 'Cara Diaz',
          email: 'cara@brightwave.example',
          sentAt: null,
          failed: 'The mailbox does not exist.',
        }),
      ],
    };
    const api = serve({
      'GET /phishing': reply(withCampaigns),
      [`GET /phishing/campaigns/${FIRST}`]: reply(detail),
    });
    const { user } = show();
    const campaigns = await section('Campaigns');
    const row = within(campaigns).getByRole('row', {
      name: `Unpaid invoice, started ${at('2026-03-02T09:00:00.000Z')}`,
    });
    await user.click(within(row).getByRole('button', { name: 'Show people' }));

    const people = await section('People of “Unpaid invoice”');
    const ben = await within(people).findByRole('row', { name: 'Ben Carter' });
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ben Carterben@brightwave.example',
      at('2026-03-02T10:00:00.000Z'),
      at('2026-03-02T10:00:05.000Z'),
      at('2026-03-02T11:00:00.000Z'),
      '—',
      '—',
      at('2026-03-02T11:03:00.000Z'),
      '1',
    ]);
    const cara = within(people).getByRole('row', { name: 'Cara Diaz' });
    expect(cara).toHaveTextContent('Not sent: The mailbox does not exist.');
    expect(api.callsTo(`GET /phishing/campaigns/${FIRST}`)).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Hide people' }));
    expect(screen.queryByRole('region', { name: 'People of “Unpaid invoice”' })).toBeNull();
  });

  it('gives the click and report rates of the campaigns that sent, oldest first', async () => {
    serve({ 'GET /phishing': reply(withCampaigns) });
    show();
    const trend = await section('Trend');
    const rows = within(trend).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `Unpaid invoice, ${formatDate('2026-02-02T09:00:00.000Z')}580%0%`,
      `Unpaid invoice, ${formatDate('2026-03-02T09:00:00.000Z')}450%25%`,
    ]);
  });
});

describe('the people', () => {
  const person = (over: Partial<PhishingPerson>): PhishingPerson => ({
    userId: BEN,
    name: 'Ben Carter',
    email: 'ben@brightwave.example',
    figures: { sent: 2, clicked: 1, submitted: 0, reported: 1, lessonsDone: 1, scannerVisits: 0 },
    verdict: 'pass',
    detail: 'Reported the last practice message.',
    ...over,
  });

  it('gives each person’s figures and verdict with its reason', async () => {
    serve({
      'GET /phishing/people': reply({
        people: [
          person({}),
          person({
            userId: CARA,
            name: 'Cara Diaz',
            email: 'cara@brightwave.example',
            verdict: 'fail',
            detail: 'Clicked the last practice message and has not read its lesson yet.',
          }),
          person({
            userId: 'd0000000-0000-4000-8000-000000000004',
            name: 'Dan Evans',
            verdict: null,
            detail: null,
          }),
        ],
      }),
    });
    show();
    const people = await section('People');
    const ben = await within(people).findByRole('row', { name: 'Ben Carter' });
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ben Carter',
      'ben@brightwave.example',
      '2',
      '1',
      '1',
      '1',
      'PassingReported the last practice message.',
    ]);
    expect(within(people).getByRole('row', { name: 'Cara Diaz' })).toHaveTextContent(
      'Needs the lessonClicked the last practice message',
    );
    expect(within(people).getByRole('row', { name: 'Dan Evans' })).toHaveTextContent(
      'Not judged yet',
    );
  });
});

const signedIn = (user: UserData, answers: Answers) =>
  fakeApi({
    'GET /auth/user-data': reply(user),
    'GET /tours': reply([{ tourType: 'main', status: 'dismissed', currentStepId: null }]),
    ...answers,
  });

const notifications = (editable: boolean) => ({
  'GET /settings/notifications': reply({
    organization: { invitations: true, reminders: true, digest: true, integrationAlerts: true },
    own: { reminders: true, digest: true },
    editable,
    mailEnabled: true,
  }),
  'GET /mail/messages': reply({ messages: [] }),
});

describe('the way in and the route', () => {
  it('is on Settings → Notifications, for administrators only', async () => {
    signedIn(anAdmin(), notifications(true));
    const { user, address } = renderRoute('/settings#notifications');
    const email = await screen.findByRole('region', { name: 'E-mail' });
    const link = await within(email).findByRole('link', { name: 'Phishing practice' });
    expect(link.parentElement).toHaveTextContent(
      'Phishing practice: send harmless practice messages and a two-minute lesson',
    );
    await user.click(link);
    await waitFor(() => expect(address()).toBe('/phishing'));
  });

  it('is not offered to members', async () => {
    signedIn(aUser(), notifications(false));
    renderRoute('/settings#notifications');
    const email = await screen.findByRole('region', { name: 'E-mail' });
    await within(email).findByText('What you receive');
    expect(within(email).queryByRole('link', { name: 'Phishing practice' })).toBeNull();
  });

  it('is reached by administrators at /phishing', async () => {
    signedIn(anAdmin(), {
      'GET /phishing': reply(OVERVIEW),
      'GET /phishing/people': reply({ people: [] }),
      'GET /users': reply({ members: MEMBERS }),
    });
    renderRoute('/phishing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Phishing practice' }),
    ).toBeVisible();
    expect(await section('New campaign')).toBeVisible();
  });
});

describe('the words of the page', () => {
  it('names windows and leaves out campaigns that sent nothing from the trend', () => {
    expect(
      windowName({ windowStart: '2026-03-02T09:00:00Z', windowEnd: '2026-03-05T09:00:00Z' }),
    ).toBe('Over three days');
    expect(
      windowName({ windowStart: '2026-03-02T09:00:00Z', windowEnd: '2026-03-02T11:00:00Z' }),
    ).toBe('Over 2 hours');
    expect(trendOf([aCampaign({ figures: figures({ recipients: 2 }) })])).toEqual([]);
  });
});
