import type { SetupChecklistResponse } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { FirstWeek } from './FirstWeek';

const checklist = (done: string[]): SetupChecklistResponse => ({
  steps: (['suite', 'domainScan', 'agent', 'team', 'reminders'] as const).map((id) => ({
    id,
    done: done.includes(id),
  })),
  googleCheckedTasks: 14,
});

describe('the first week on the Overview', () => {
  it('lists the steps with where each is done and how long it takes, ticking those done', async () => {
    fakeApi({ 'GET /setup-checklist': reply(checklist(['team'])) });
    renderWithApp(<FirstWeek />);
    const card = await screen.findByRole('region', { name: 'Get set up' });
    expect(within(card).getByText('1 of 5 done')).toBeInTheDocument();
    const team = within(card).getByRole('listitem', { name: 'Invite your team' });
    expect(team).toHaveTextContent('(done)');
    expect(within(team).queryByRole('link')).toBeNull();
    const scan = within(card).getByRole('listitem', { name: 'Scan your domain' });
    expect(scan).toHaveTextContent('(to do)');
    expect(scan).toHaveTextContent('About a minute');
    expect(within(scan).getByRole('link', { name: 'Open Risk analysis' })).toHaveAttribute(
      'href',
      '/risk-analysis',
    );
    const agent = within(card).getByRole('listitem', {
      name: 'Install the agent on your own computer',
    });
    expect(within(agent).getByRole('link')).toHaveAttribute('href', '/agent/download');
    // No suite yet: connecting Google Workspace is offered, with what it checks.
    const offer = screen.getByRole('region', { name: 'Connect Google Workspace' });
    expect(offer).toHaveTextContent('about two minutes');
    expect(offer).toHaveTextContent('checks 14 of your organisation’s tasks at once');
    expect(within(offer).getByRole('button', { name: 'Connect Google Workspace' })).toBeVisible();
  });

  it('stops offering Google Workspace once a suite is connected', async () => {
    fakeApi({ 'GET /setup-checklist': reply(checklist(['suite'])) });
    renderWithApp(<FirstWeek />);
    await screen.findByRole('region', { name: 'Get set up' });
    expect(screen.queryByRole('region', { name: 'Connect Google Workspace' })).toBeNull();
  });

  it('disappears once every step is done', async () => {
    const api = fakeApi({
      'GET /setup-checklist': reply(
        checklist(['suite', 'domainScan', 'agent', 'team', 'reminders']),
      ),
    });
    const { container } = renderWithApp(<FirstWeek />);
    await expect.poll(() => api.callsTo('GET /setup-checklist').length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });
});
