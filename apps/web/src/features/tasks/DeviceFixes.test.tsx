import type { AgentDevice } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { aTask, aUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import TasksPage from './TasksPage';

const failing = (over: Partial<AgentDevice>): AgentDevice => ({
  id: '7b0c3e52-8f5d-4c5b-9e0a-1d2f3a4b5c6d',
  name: 'reception-pc',
  platform: 'win32',
  osVersion: '10.0.22631',
  agentVersion: '0.1.0',
  owner: { id: 'u1', name: 'Ben Carter', email: 'ben@example.com' },
  enrolledAt: '2026-11-30T10:00:00.000Z',
  lastReportAt: '2026-11-30T11:00:00.000Z',
  stale: false,
  releasesBehind: 0,
  checks: [{ id: 'os-updates', verdict: 'fail', evidence: '3 updates wait.', needsAdmin: false }],
  ...over,
});

const task = aTask('update-operating-system', {
  title: 'Keep the operating system up to date',
  evidence: [
    {
      source: 'agent',
      verdict: 'fail',
      detail: 'Checked on reception-pc: 3 updates wait.',
      checkedAt: '2026-11-30T11:00:00.000Z',
    },
  ],
});

describe('fix it, then check again', () => {
  it('links the settings page, and asks the computer to check again until it reports', async () => {
    let device = failing({});
    const api = fakeApi({
      'GET /auth/user-data': reply(aUser()),
      'GET /actions': () => reply({ tasks: [task] }),
      'GET /agent/devices': () => reply({ devices: [device] }),
      'POST /agent/devices/7b0c3e52-8f5d-4c5b-9e0a-1d2f3a4b5c6d/check-now': () => {
        // The agent is watching: it reports at once.
        device = { ...device, lastReportAt: '2026-11-30T12:00:05.000Z' };
        return reply({ requestedAt: '2026-11-30T12:00:00.000Z' });
      },
    });
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: task.title }));
    const details = await screen.findByRole('dialog', { name: task.title });
    const link = await within(details).findByRole('link', { name: 'Open Windows Update settings' });
    expect(link).toHaveAttribute('href', 'ms-settings:windowsupdate');

    await user.click(within(details).getByRole('button', { name: 'Check again now' }));
    expect(
      await within(details).findByText(/Asked the computer to check again|Checked again just now/),
    ).toBeInTheDocument();
    expect(
      await within(details).findByText('Checked again just now.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /actions').length).toBeGreaterThan(1);
  }, 15_000);

  it('gives the command to copy on Linux', async () => {
    fakeApi({
      'GET /auth/user-data': reply(aUser()),
      'GET /actions': () => reply({ tasks: [task] }),
      'GET /agent/devices': reply({ devices: [failing({ platform: 'linux', name: 'dev-box' })] }),
    });
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: task.title }));
    const details = await screen.findByRole('dialog', { name: task.title });
    expect(
      await within(details).findByText('sudo apt update && sudo apt upgrade'),
    ).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(details).getByText('Fix it on dev-box')).toBeInTheDocument();
  });
});
