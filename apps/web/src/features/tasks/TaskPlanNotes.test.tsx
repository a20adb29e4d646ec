import type { Integration } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { anAdmin, aTask } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import TasksPage from './TasksPage';

const NOTE =
  'Microsoft 365 Business Standard does not include Entra ID P1. The free way: the Microsoft 365 admin center lists each account’s last activity.';

const m365 = (status: Integration['status']): Integration => ({
  id: 'm365',
  name: 'Microsoft 365',
  logo: '/integrations/m365.svg',
  description: 'Checks your Microsoft 365.',
  securityChecks: [
    {
      key: 'stale-accounts',
      name: 'Unused accounts',
      description: 'Finds accounts nobody has signed in to for 90 days.',
      enabled: true,
      unavailable: 'needs Entra ID P1',
      planNote: NOTE,
      result: 'unknown',
      checkedAt: '2026-11-30T10:00:00.000Z',
      detail: null,
      taskId: 'remove-stale-accounts:admin-1',
    },
  ],
  status,
  lastScan: '2026-11-30T10:00:00.000Z',
  connectedSince: '2026-11-29T10:00:00.000Z',
  unavailableReason: null,
  sync: { state: 'idle', error: null },
  lastSync: null,
  notInCastellan: null,
});

const task = aTask('remove-stale-accounts', {
  title: 'Remove accounts nobody uses',
  user: anAdmin().email,
  scope: 'Admin',
});

describe('the task view explains a check the plan cannot run', () => {
  const open = async (integration: Integration) => {
    fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /actions': () => reply({ tasks: [task] }),
      'GET /integrations': reply({ m365: integration }),
    });
    const { user } = renderWithApp(<TasksPage />, { path: '/tasks' });
    await user.click(await screen.findByRole('button', { name: task.title }));
    return screen.findByRole('dialog', { name: task.title });
  };

  it('names the plan and the free way, as the card does', async () => {
    const details = await open(m365('connected'));
    const section = await within(details).findByRole('region', { name: 'What your plan allows' });
    expect(within(section).getByText('Microsoft 365: Unused accounts')).toBeVisible();
    expect(within(section).getByText(NOTE)).toBeVisible();
  });

  it('says nothing once the integration is no longer connected', async () => {
    const details = await open(m365('invalid_token'));
    expect(within(details).getByText(task.content.summary)).toBeVisible();
    expect(
      within(details).queryByRole('region', { name: 'What your plan allows' }),
    ).not.toBeInTheDocument();
  });
});
