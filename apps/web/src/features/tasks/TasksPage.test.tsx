import type { Task } from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Reply, reply } from '../../test/fake-api';
import { anAdmin, aTask, aUser } from '../../test/fixtures';
import { renderRoute, renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import TasksPage from './TasksPage';

const ben = aUser();
const mfa = aTask('Turn on two-step verification', { riskLevel: 'High', minutes: 5, points: 0.3 });
const backup = aTask('Back up your laptop', { minutes: 60, points: 0.6 });

/** Ben's tasks on a server that completes them, or refuses to with `refusal`. */
function serverWith(tasks: Task[], refusal?: Reply) {
  let stored = tasks;
  return fakeApi({
    'GET /auth/user-data': reply(ben),
    'GET /actions': () => reply({ tasks: stored }),
    'GET /agent/devices': reply({ devices: [] }),
    'POST /mark-action-complete': ({ body }) => {
      if (refusal) return refusal;
      const { taskId } = body as { taskId: string };
      stored = stored.map((t) => (t.id === taskId ? { ...t, isCompleted: true } : t));
      return reply({ task: stored.find((t) => t.id === taskId) });
    },
  });
}

const thisWeek = () => screen.findByRole('list', { name: 'This week' });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('Your tasks', () => {
  it('plans the open tasks for this week, the most points per minute first, each with its time', async () => {
    serverWith([backup, mfa, aTask('Old task', { isCompleted: true })]);
    renderWithApp(<TasksPage />, { path: '/tasks' });
    expect(screen.getByRole('heading', { name: 'Your tasks', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Loading the tasks...')).toBeInTheDocument();
    const week = await thisWeek();
    expect(names(week)).toEqual(['Turn on two-step verification', 'Back up your laptop']);
    expect(within(week).getByRole('listitem', { name: mfa.title })).toHaveTextContent(
      'about 5 min · +0.3 points',
    );
    expect(within(week).getByRole('listitem', { name: backup.title })).toHaveTextContent(
      'about 1 h',
    );
    expect(screen.getByRole('region', { name: 'Your progress' })).toHaveTextContent('1 of 3');
  });

  it('marks a task complete from its details and says so', async () => {
    const api = serverWith([mfa, backup]);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: mfa.title }));
    const details = await screen.findByRole('dialog', { name: mfa.title });
    await user.click(within(details).getByRole('button', { name: 'Mark as complete' }));

    expect(await findToast('status', 'Task completed')).toHaveTextContent(mfa.title);
    expect(api.callsTo('POST /mark-action-complete').map((c) => c.body)).toEqual([
      { taskId: mfa.id },
    ]);
    expect(await within(details).findByText(/^Completed/)).toBeInTheDocument();
    // Done, it leaves this week's open tasks and counts towards the progress.
    await waitFor(async () => expect(names(await thisWeek())).toEqual([backup.title]));
    expect(screen.getByRole('region', { name: 'Your progress' })).toHaveTextContent('1 of 2');
  });

  it('puts the task back and shows why when the server refuses', async () => {
    serverWith([mfa], reply({ error: 'This task is checked automatically.' }, 409));
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: mfa.title }));
    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));

    const toast = await findToast('alert', 'Could not mark the task as complete');
    expect(toast).toHaveTextContent('This task is checked automatically.');
    expect(screen.getByRole('button', { name: 'Mark as complete' })).toBeEnabled();
  });

  it('says when everything is done, and shows the done tasks on request', async () => {
    serverWith([{ ...mfa, isCompleted: true }]);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    const empty = await screen.findByRole('region', {
      name: 'Nothing left to do — every task is done',
    });
    await user.click(within(empty).getByRole('button', { name: 'Show all tasks' }));
    // Nothing is left for this week; another status than Open shows the categories open.
    expect(screen.queryByRole('list', { name: 'This week' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Quick fix/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const group = await screen.findByRole('list', { name: 'Quick fix' });
    expect(within(group).getByRole('listitem', { name: mfa.title })).toHaveTextContent('Done');
  });

  it('groups the tasks after this week by category, each closed until opened from the keyboard', async () => {
    const quick = [1, 2, 3, 4, 5].map((n) =>
      aTask(`Quick ${n}`, { minutes: 5, points: 0.1 * (6 - n) }),
    );
    const extra = aTask('Extra', { category: 'Extra protection', minutes: 30, points: 0.1 });
    serverWith([...quick, extra]);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    expect(names(await thisWeek())).toEqual(quick.map((t) => t.title));
    const rest = screen.getByRole('region', { name: 'Your other tasks' });
    const toggle = within(rest).getByRole('button', { name: /^Extra protection · 1 open of 1/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem', { name: 'Extra' })).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('listitem', { name: 'Extra' })).toBeVisible();
  });

  it("shows an administrator the organisation's tasks apart from their own", async () => {
    const alice = anAdmin();
    const own = aTask('Own task', { user: alice.email, minutes: 60, points: 0.1 });
    const org = aTask('Organisation task', {
      user: alice.email,
      scope: 'Admin',
      category: 'Basic protection',
      minutes: 120,
      points: 0.5,
    });
    const week = [1, 2, 3].map((n) =>
      aTask(`Quick ${n}`, { user: alice.email, minutes: 5, points: 1 }),
    );
    fakeApi({
      'GET /auth/user-data': reply(alice),
      'GET /actions': reply({ tasks: [own, org, ...week] }),
      'GET /agent/devices': reply({ devices: [] }),
      'GET /frameworks': reply({ frameworks: [] }),
    });
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    expect(names(await thisWeek())).toHaveLength(3);
    const mine = screen.getByRole('region', { name: 'Your own tasks' });
    const theirs = screen.getByRole('region', { name: 'Your organisation’s tasks (admin)' });
    await user.click(within(mine).getByRole('button', { name: /^Quick fix/ }));
    await user.click(within(theirs).getByRole('button', { name: /^Basic protection/ }));
    expect(await within(mine).findByRole('listitem', { name: own.title })).toBeVisible();
    expect(await within(theirs).findByRole('listitem', { name: org.title })).toBeVisible();
    expect(within(mine).queryByText(org.title)).not.toBeInTheDocument();
  });

  it('opens a task at its own address, and says so when the address names no task', async () => {
    serverWith([mfa, backup]);
    const first = renderRoute(`/tasks/${encodeURIComponent(mfa.id)}`);
    expect(await screen.findByRole('dialog', { name: mfa.title })).toBeInTheDocument();
    first.unmount();
    renderRoute('/tasks/unknown-task');
    expect(await screen.findByText('No such task')).toBeInTheDocument();
  });

  it("shows the server's message when the tasks cannot be loaded", async () => {
    fakeApi({
      'GET /auth/user-data': reply(ben),
      'GET /actions': reply({ error: 'Your organisation is suspended.' }, 403),
    });
    renderWithApp(<TasksPage />, { path: '/tasks' });
    expect(await screen.findByText('Could not load the tasks')).toBeVisible();
    expect(screen.getByText('Your organisation is suspended.')).toBeInTheDocument();
  });
});

describe('Task states', () => {
  /** Ben's or Alice's tasks on a server that records what state each is put in. */
  function stateServer(tasks: Task[], who = ben) {
    let stored = tasks;
    const answer = (taskId: string, patch: Partial<Task>) => {
      stored = stored.map((t) => (t.id === taskId ? { ...t, ...patch } : t));
      return reply({ task: stored.find((t) => t.id === taskId) });
    };
    return fakeApi({
      'GET /auth/user-data': reply(who),
      'GET /actions': () => reply({ tasks: stored }),
      'GET /frameworks': reply({ frameworks: [] }),
      'POST /tasks/not-applicable': ({ body }) => {
        const { taskId, reason } = body as { taskId: string; reason: string };
        const notApplicable = { reason, by: 'Alice Morgan', at: '2026-11-29T10:00:00.000Z' };
        return answer(taskId, { state: 'not-applicable', notApplicable });
      },
      'POST /tasks/snooze': ({ body }) =>
        answer((body as { taskId: string }).taskId, {
          state: 'snoozed',
          snoozedUntil: '2026-12-06T00:00:00.000Z',
        }),
    });
  }

  it('asks an administrator for a reason of 3 characters or more before marking not applicable', async () => {
    const alice = anAdmin();
    const wifi = aTask('Secure the office Wi-Fi', { user: alice.email, scope: 'Admin' });
    const hers = { ...backup, user: alice.email };
    const api = stateServer([wifi, hers], alice);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: wifi.title }));
    const details = await screen.findByRole('dialog', { name: wifi.title });
    await user.click(within(details).getByRole('button', { name: 'Not applicable…' }));
    const ask = await screen.findByRole('dialog', { name: 'Mark as not applicable' });
    const reason = within(ask).getByRole('textbox', { name: /Why does it not apply/ });
    await user.type(reason, ' no ');
    await user.click(within(ask).getByRole('button', { name: 'Mark not applicable' }));
    expect(within(ask).getByText('Give a reason of at least 3 characters.')).toBeVisible();
    expect(api.callsTo('POST /tasks/not-applicable')).toEqual([]);

    await user.type(reason, 'Wi-Fi here');
    await user.click(within(ask).getByRole('button', { name: 'Mark not applicable' }));
    expect(await findToast('status', 'Marked not applicable')).toHaveTextContent(wifi.title);
    expect(api.callsTo('POST /tasks/not-applicable').map((c) => c.body)).toEqual([
      { taskId: wifi.id, reason: 'no Wi-Fi here' },
    ]);
    expect(await within(details).findByText(/^Not applicable: no Wi-Fi here/)).toBeVisible();
    expect(within(details).getByRole('button', { name: 'Make applicable again' })).toBeVisible();
    const list = within(await thisWeek()).getAllByRole('listitem');
    expect(list.map((item) => item.getAttribute('aria-label'))).toEqual([backup.title]);
  });

  it('offers a member no not-applicable action, and snoozes their task into the Snoozed filter', async () => {
    const api = stateServer([mfa, backup]);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: mfa.title }));
    const details = await screen.findByRole('dialog', { name: mfa.title });
    expect(within(details).queryByRole('button', { name: 'Not applicable…' })).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Snooze 7 days' }));
    expect(await findToast('status', 'Task snoozed')).toHaveTextContent('Dec 6, 2026');
    expect(api.callsTo('POST /tasks/snooze').map((c) => c.body)).toEqual([
      { taskId: mfa.id, days: 7 },
    ]);
    expect(within(details).getByText(/Snoozed until Dec 6, 2026/)).toBeVisible();
    expect(within(details).getByRole('button', { name: 'Unsnooze' })).toBeVisible();
    const open = within(await thisWeek()).getAllByRole('listitem');
    expect(open.map((item) => item.getAttribute('aria-label'))).toEqual([backup.title]);
  });
});
