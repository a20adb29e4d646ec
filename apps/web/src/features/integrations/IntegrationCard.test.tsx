import type { Integration } from '@castellan/contract';
import { ModalsProvider } from '@mantine/modals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import { IntegrationCard } from './IntegrationCard';

const integration = (over: Partial<Integration> = {}): Integration => ({
  id: 'gws',
  name: 'Google Workspace',
  logo: '/logos/google-workspace.svg',
  description: 'Checks the security settings of your Google Workspace.',
  securityChecks: [
    {
      name: 'MFA Status Check',
      description: 'Verifies MFA is enabled for all users',
      enabled: true,
    },
  ],
  status: 'available',
  lastScan: null,
  connectedSince: null,
  unavailableReason: null,
  sync: { state: 'idle', error: null },
  lastSync: null,
  ...over,
});

/** The card in a list, as on the page; the page's layout provides the confirmation dialogs. */
const renderCard = (shown: Integration, isAdmin = true) =>
  renderWithApp(
    <ModalsProvider>
      <ul>
        <IntegrationCard integration={shown} isAdmin={isAdmin} />
      </ul>
    </ModalsProvider>,
    { path: '/integrations' },
  );

const card = (name: string) => screen.getByRole('listitem', { name });

describe('integration card', () => {
  it('offers an administrator to connect an available integration', () => {
    renderCard(integration());
    expect(card('Google Workspace')).toHaveTextContent('Not connected');
    expect(screen.getByRole('button', { name: 'Connect Google Workspace' })).toBeEnabled();
    expect(
      within(screen.getByRole('list', { name: 'Security checks of Google Workspace' })).getByText(
        'MFA Status Check',
      ),
    ).toBeVisible();
  });

  it('shows a member no actions on an available integration, only who can connect it', () => {
    renderCard(integration(), false);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(card('Google Workspace')).toHaveTextContent('An administrator can connect it.');
  });

  it('asks to reconnect when the access was revoked', () => {
    renderCard(integration({ status: 'invalid_token', connectedSince: '2026-01-05T09:00:00Z' }));
    expect(card('Google Workspace')).toHaveTextContent('Token expired or revoked');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The access Google Workspace gave Castellan was revoked or has expired',
    );
    expect(screen.getByRole('button', { name: 'Reconnect Google Workspace' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect Google Workspace' })).toBeEnabled();
  });

  it('says why this server cannot connect it, instead of a Connect that would fail', () => {
    const reason = 'Google sign-in is not configured on this server.';
    renderCard(integration({ unavailableReason: reason }));
    expect(screen.getByRole('button', { name: 'Connect Google Workspace' })).toBeDisabled();
    expect(card('Google Workspace')).toHaveTextContent(reason);
  });

  it('offers nothing on an integration that is coming soon', () => {
    renderCard(
      integration({ id: 'notion', name: 'Notion', status: 'coming_soon', securityChecks: [] }),
    );
    expect(card('Notion')).toHaveTextContent('Coming soon');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('disconnects after confirmation', async () => {
    const api = fakeApi({ 'DELETE /integrations/gws': reply(integration()) });
    const { user } = renderCard(
      integration({ status: 'connected', connectedSince: '2026-01-05T09:00:00Z' }),
    );
    await user.click(screen.getByRole('button', { name: 'Disconnect Google Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Workspace?' });
    expect(api.callsTo('DELETE /integrations/gws')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await findToast('status', 'Google Workspace disconnected')).toBeVisible();
    expect(api.callsTo('DELETE /integrations/gws')).toHaveLength(1);
  });

  it('says so when the browser blocks the Meta sign-in popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderCard(integration({ id: 'meta', name: 'Meta', securityChecks: [] }));
    await user.click(screen.getByRole('button', { name: 'Connect Meta' }));
    expect(await findToast('alert', 'Failed to open popup')).toBeVisible();
  });
});
