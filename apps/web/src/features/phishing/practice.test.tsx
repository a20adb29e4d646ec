import type { PracticeResponse } from '@castellan/contract';
import { PHISHING_LURE_SECONDS } from '@castellan/contract/phishing-rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, type Reply, reply } from '../../test/fake-api';
import { renderRoute, renderWithApp } from '../../test/render';
import PracticePage from './PracticePage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD_-x';
const BASE = `/practice/${TOKEN}`;
const SECRET = 'correct horse battery staple';

const state = (over: Partial<PracticeResponse['state']> = {}) => ({
  clicked: true,
  submitted: false,
  reported: false,
  lessonDone: false,
  ...over,
});

const PRACTICE: PracticeResponse = {
  organizationName: 'Brightwave',
  templateId: 'password-expiry',
  message: {
    fromName: 'IT Support',
    fromAddress: 'it-support@brightwave-helpdesk.example',
    subject: 'Your password expires today',
    body: [
      { text: 'Hello,', tell: null },
      { text: 'Your password expires in 2 hours. Act now or lose access.', tell: 1 },
      { text: 'Sign in with the link below to keep your password.', tell: 2 },
      // The link is a passage in its place, as the server sends it.
      { text: 'Keep my password', tell: null },
    ],
    linkText: 'Keep my password',
  },
  lure: {
    heading: 'Sign in to keep your password',
    fields: ['E-mail', 'Password'],
    button: 'Keep password',
  },
  tells: [
    { title: 'A rush', text: 'A deadline of hours is there to stop you thinking.' },
    { title: 'A link to sign in', text: 'Your IT never asks for your password through a link.' },
  ],
  nextTime: ['Open the app you know rather than the link.', 'Report the message.'],
  reportAddress: 'report-4f2a@castellan.example',
  state: state(),
};

type Answers = Record<string, Reply | ((call: ApiCall) => Reply)>;

/** Every request the page sent, as sent: its whole address, headers and body. */
type Sent = { url: string; headers: string; body: string };

/** The practice endpoints as the server answers them; every request is also kept whole. */
function serve(page: PracticeResponse = PRACTICE, answers: Answers = {}) {
  const api = fakeApi({
    [`GET ${BASE}`]: reply(page),
    [`POST ${BASE}/open`]: reply({ counted: true, state: page.state }),
    [`POST ${BASE}/submitted`]: reply({ state: { ...page.state, submitted: true } }),
    [`POST ${BASE}/lesson`]: reply({ state: { ...page.state, lessonDone: true } }),
    ...answers,
  });
  const answer = globalThis.fetch;
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      headers: JSON.stringify([...request.headers]),
      body: await request.clone().text(),
    });
    return answer(input, init);
  });
  return { ...api, sent };
}

const open = () =>
  renderWithApp(
    <Routes>
      <Route path="/practice/:token" element={<PracticePage />} />
    </Routes>,
    { path: BASE },
  );

const lure = () =>
  screen.findByRole('heading', { level: 1, name: 'Sign in to keep your password' });
const lessonHeading = () =>
  screen.findByRole('heading', {
    name: "This was a practice message from Brightwave's IT — no harm done",
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the page a practice link leads to', () => {
  it('says it was opened once, and first looks like the page the message promised', async () => {
    const api = serve();
    open();
    await lure();
    expect(screen.getByText('Brightwave')).toBeVisible();
    const email = screen.getByLabelText('E-mail');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    for (const field of [email, password]) {
      expect(field).toHaveAttribute('autocomplete', 'off');
      expect(field).toHaveAttribute('spellcheck', 'false');
      expect(field.closest('form')).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Keep password' })).toHaveAttribute('type', 'button');
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/open`)).toHaveLength(1));
    expect(api.callsTo(`POST ${BASE}/open`)[0]?.body).toBeUndefined();
    // Nothing about the practice or its lesson shows yet.
    expect(screen.queryByText(/practice/i)).toBeNull();
  });

  it('at the first thing typed, says only that, forgets it, and shows the lesson', async () => {
    const api = serve();
    const { user } = open();
    await lure();
    await user.click(screen.getByLabelText('Password'));
    await user.paste(SECRET);

    expect(await lessonHeading()).toHaveFocus();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/submitted`)).toHaveLength(1));
    expect(api.callsTo(`POST ${BASE}/submitted`)[0]?.body).toBeUndefined();
    expect(api.sent.find((s) => s.url.endsWith('/submitted'))?.body).toBe('');
    // Nothing typed went anywhere, whole or in part, nor its length.
    expect(api.sent.map((s) => new URL(s.url).pathname)).toEqual(
      expect.arrayContaining([`/api${BASE}`, `/api${BASE}/open`, `/api${BASE}/submitted`]),
    );
    for (const request of api.sent) {
      const everything = `${request.url} ${request.headers} ${request.body}`;
      expect(everything).not.toContain('horse');
      expect(everything).not.toContain(String(SECRET.length));
    }
    expect(api.callsTo(`POST ${BASE}/open`)).toHaveLength(1);
  });

  it('counts one submission however much is typed, and keeps none of it', async () => {
    const api = serve();
    const { user } = open();
    await lure();
    await user.type(screen.getByLabelText('E-mail'), 'ben@brightwave.example');
    await lessonHeading();
    expect(api.callsTo(`POST ${BASE}/submitted`)).toHaveLength(1);
    for (const request of api.sent) {
      expect(`${request.url} ${request.headers} ${request.body}`).not.toContain(
        'brightwave.example',
      );
    }
    expect(document.body).not.toHaveTextContent('ben@brightwave');
  });

  it('counts pressing the button as a submission too', async () => {
    const api = serve();
    const { user } = open();
    await lure();
    await user.click(screen.getByRole('button', { name: 'Keep password' }));
    await lessonHeading();
    expect(api.callsTo(`POST ${BASE}/submitted`)).toHaveLength(1);
  });

  it('shows the lesson anyway when nothing is typed for a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serve();
    open();
    await lure();
    act(() => {
      vi.advanceTimersByTime(PHISHING_LURE_SECONDS * 1000 - 100);
    });
    expect(screen.getByLabelText('Password')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await lessonHeading();
    expect(api.callsTo(`POST ${BASE}/submitted`)).toHaveLength(0);
    expect(api.callsTo(`POST ${BASE}/open`)).toHaveLength(1);
  });
});

describe('the lesson', () => {
  const showLesson = async () => {
    const view = open();
    await lure();
    await view.user.click(screen.getByRole('button', { name: 'Keep password' }));
    await lessonHeading();
    return view;
  };

  it('shows the message as it arrived with its warning signs numbered, and what to do next time', async () => {
    serve();
    await showLesson();
    const message = screen.getByRole('region', { name: 'The message as it arrived' });
    expect(message).toHaveTextContent('From: IT Support <it-support@brightwave-helpdesk.example>');
    expect(message).toHaveTextContent('Subject: Your password expires today');
    expect(message).toHaveTextContent(
      'Warning sign 1: Your password expires in 2 hours. Act now or lose access.',
    );
    expect(message).toHaveTextContent(
      'Warning sign 2: Sign in with the link below to keep your password.',
    );
    expect(message).not.toHaveTextContent('Warning sign 1: Hello');
    expect(within(message).getByText('Keep my password')).toBeVisible();

    const tells = screen.getByRole('region', { name: 'The warning signs' });
    expect(
      within(tells)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1Warning sign 1: A rushA deadline of hours is there to stop you thinking.',
      '2Warning sign 2: A link to sign inYour IT never asks for your password through a link.',
    ]);

    const nextTime = screen.getByRole('region', { name: 'What to do next time' });
    expect(within(nextTime).getAllByRole('listitem')).toHaveLength(2);
    const report = screen.getByRole('region', { name: 'How to report a message like this' });
    expect(
      within(report).getByRole('link', { name: 'report-4f2a@castellan.example' }),
    ).toHaveAttribute('href', 'mailto:report-4f2a@castellan.example');
    // Kind words only.
    expect(document.body).not.toHaveTextContent(/fail|caught|fooled|mistake/i);
  });

  it('records the lesson read, which counts toward the task', async () => {
    const api = serve();
    const { user } = await showLesson();
    await user.click(screen.getByRole('button', { name: "I've read this" }));
    expect(
      await screen.findByText(
        "Done — thank you. This counts toward your 'Learn to spot phishing' task.",
      ),
    ).toBeVisible();
    expect(api.callsTo(`POST ${BASE}/lesson`)).toHaveLength(1);
    expect(api.callsTo(`POST ${BASE}/lesson`)[0]?.body).toBeUndefined();
    expect(screen.queryByRole('button', { name: "I've read this" })).toBeNull();
  });

  it('says so when the lesson was read before', async () => {
    serve({ ...PRACTICE, state: state({ submitted: true, lessonDone: true }) });
    await showLesson();
    expect(
      screen.getByText("Done — thank you. This counts toward your 'Learn to spot phishing' task."),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: "I've read this" })).toBeNull();
  });

  it('says how to report without an address when this server receives no mail', async () => {
    serve({ ...PRACTICE, reportAddress: null });
    await showLesson();
    expect(
      screen.getByRole('region', { name: 'How to report a message like this' }),
    ).toHaveTextContent('Tell whoever looks after your IT');
  });
});

describe('a practice message reported', () => {
  it('thanks the person, with the lesson below and no lure', async () => {
    const api = serve({ ...PRACTICE, state: state({ clicked: false, reported: true }) });
    open();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Well spotted — you reported it. That is exactly right.',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: "This was a practice message from Brightwave's IT — no harm done",
      }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: "I've read this" })).toBeVisible();
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/open`)).toHaveLength(1));
  });
});

describe('a practice link that no longer opens', () => {
  it.each([404, 400])('says so kindly (%i)', async (status) => {
    serve(PRACTICE, { [`GET ${BASE}`]: reply({ error: 'No such practice link.' }, status) });
    open();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This practice link is no longer valid',
      }),
    ).toBeVisible();
    expect(screen.getByText(/nothing you need to do/)).toBeVisible();
  });
});

describe('the route', () => {
  it('opens without signing in', async () => {
    serve(PRACTICE, {
      'GET /auth/user-data': reply({ error: 'Not signed in' }, 401),
    });
    const { address } = renderRoute(BASE);
    await lure();
    expect(address()).toBe(BASE);
    expect(document.title).toContain('Practice message');
  });
});
