import type { Task } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Reply, reply } from '../../test/fake-api';
import { aTask, aUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import TasksPage from './TasksPage';

const ben = aUser();
const mfa = aTask('Turn on two-step verification', { riskLevel: 'High' });
const backup = aTask('Back up your laptop');

/** Ben's tasks on a server that completes them, or refuses to with `refusal`. */
function serverWith(tasks: Task[], refusal?: Reply) {
  let stored = tasks;
  return fakeApi({
    'GET /auth/user-data': reply(ben),
    'GET /actions': () => reply({ tasks: stored }),
    'POST /mark-action-complete': ({ body }) => {
      if (refusal) return refusal;
      const { taskId } = body as { taskId: string };
      stored = stored.map((t) => (t.id === taskId ? { ...t, isCompleted: true } : t));
      return reply({ task: stored.find((t) => t.id === taskId) });
    },
  });
}

const taskList = () => screen.findByRole('list', { name: 'Tasks' });

describe('Your tasks', () => {
  it('lists the open tasks, the most urgent first, after saying they are loading', async () => {
    serverWith([backup, mfa, aTask('Old task', { isCompleted: true })]);
    renderWithApp(<TasksPage />, { path: '/tasks' });
    expect(screen.getByRole('heading', { name: 'Your tasks', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Loading the tasks...')).toBeInTheDocument();
    const items = within(await taskList()).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Turn on two-step verification',
      'Back up your laptop',
    ]);
    expect(screen.getByRole('region', { name: 'Your progress' })).toHaveTextContent('1 of 3');
  });

  it('marks a task complete from its details and says so', async () => {
    const api = serverWith([mfa, backup]);
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: mfa.title }));
    const details = screen.getByRole('dialog', { name: mfa.title });
    await user.click(within(details).getByRole('button', { name: 'Mark as complete' }));

    expect(await findToast('status', 'Task completed')).toHaveTextContent(mfa.title);
    expect(api.callsTo('POST /mark-action-complete').map((c) => c.body)).toEqual([
      { taskId: mfa.id },
    ]);
    expect(await within(details).findByText(/^Completed/)).toBeInTheDocument();
    // Done, it leaves the list of open tasks and counts towards the progress.
    const list = within(await taskList()).getAllByRole('listitem');
    expect(list.map((item) => item.getAttribute('aria-label'))).toEqual([backup.title]);
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
    expect(within(await taskList()).getByRole('listitem', { name: mfa.title })).toHaveTextContent(
      'Done',
    );
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
