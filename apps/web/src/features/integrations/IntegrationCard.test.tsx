import type { Integration } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import { IntegrationCard } from './IntegrationCard';
import { WEB_PROVIDERS } from './providers';

const integration = (over: Partial<Integration> = {}): Integration => ({
  id: 'gws',
  name: 'Google Workspace',
  logo: '/logos/google-workspace.svg',
  description: 'Checks the security settings of your Google Workspace.',
  securityChecks: [
    {
      key: 'member-2sv',
      name: 'MFA Status Check',
      description: 'Verifies MFA is enabled for all users',
      enabled: true,
      result: 'unknown',
      checkedAt: null,
      detail: null,
      taskId: 'enable-mfa:user-1',
    },
  ],
  status: 'available',
  lastScan: null,
  connectedSince: null,
  unavailableReason: null,
  sync: { state: 'idle', error: null },
  lastSync: null,
  notInCastellan: null,
  ...over,
});

/** The card in a list, as on the page; the page's layout provides the confirmation dialogs. */
const renderCard = (shown: Integration, isAdmin = true) =>
  renderWithApp(
    <>
      <ul>
        <IntegrationCard integration={shown} isAdmin={isAdmin} />
      </ul>
      <ConfirmHost />
    </>,
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

  it('shows the provider’s own mark, named, and no result pills before it is connected', () => {
    renderCard(integration({ notInCastellan: 3 }));
    expect(screen.getByRole('img', { name: 'Google Workspace logo' })).toHaveAttribute(
      'src',
      WEB_PROVIDERS.gws.mark,
    );
    const checks = screen.getByRole('list', { name: 'Security checks of Google Workspace' });
    expect(checks).not.toHaveTextContent(/Passed|Failed|Unknown|Enabled/);
    expect(within(checks).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/not in Castellan/)).not.toBeInTheDocument();
  });

  it('lists each check of a connected card with its result, when, what failed and its task', () => {
    const checkedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    renderCard(
      integration({
        status: 'connected',
        lastScan: checkedAt,
        notInCastellan: 2,
        securityChecks: [
          {
            key: 'member-2sv',
            name: 'MFA Status Check',
            description: 'Verifies MFA is enabled for all users.',
            enabled: true,
            result: 'fail',
            checkedAt,
            detail: 'Fails for 1 of 2 people.',
            taskId: 'enable-mfa:user-1',
          },
          {
            key: 'password-policy',
            name: 'Password policy',
            description: 'Verifies passwords are long.',
            enabled: true,
            result: 'unknown',
            checkedAt,
            detail: null,
            taskId: null,
          },
        ],
      }),
    );
    const [mfa, password] = within(
      screen.getByRole('list', { name: 'Security checks of Google Workspace' }),
    ).getAllByRole('listitem');
    expect(mfa).toHaveTextContent('Failed');
    expect(mfa).toHaveTextContent('Fails for 1 of 2 people.');
    expect(mfa).toHaveTextContent('Checked 2 h ago');
    expect(
      within(mfa as HTMLElement).getByRole('link', { name: 'Open task: MFA Status Check' }),
    ).toHaveAttribute('href', '/tasks/enable-mfa%3Auser-1');
    expect(password).toHaveTextContent('Unknown');
    expect(within(password as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(card('Google Workspace')).toHaveTextContent(
      '2 people in Google Workspace are not in Castellan — invite them',
    );
    expect(screen.getByRole('link', { name: 'invite them' })).toHaveAttribute(
      'href',
      '/users#invite-member',
    );
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

  it('connects Bitwarden with a pasted key, saying what is wrong and keeping what was typed', async () => {
    const bitwarden = integration({ id: 'bitwarden', name: 'Bitwarden', securityChecks: [] });
    let tries = 0;
    const api = fakeApi({
      'POST /integrations/bitwarden/connect': () =>
        ++tries === 1
          ? reply({ error: 'Bitwarden did not accept this API key.' }, 400)
          : reply({ ...bitwarden, status: 'connected' }),
    });
    const { user } = renderCard(bitwarden);
    await user.click(screen.getByRole('button', { name: 'Connect Bitwarden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Bitwarden' });
    const submit = within(dialog).getByRole('button', { name: 'Connect' });

    await user.type(within(dialog).getByLabelText(/Client ID/), 'user.1234');
    await user.click(submit);
    expect(within(dialog).getByText(/a personal key \(user\.…\) does not work/)).toBeVisible();
    expect(within(dialog).getByText('Enter the client secret.')).toBeVisible();
    expect(api.callsTo('POST /integrations/bitwarden/connect')).toHaveLength(0);

    const id = 'organization.0f6c3b8e-2d4a-4c1b-9a7e-5b2f8d1c3e40';
    await user.clear(within(dialog).getByLabelText(/Client ID/));
    await user.type(within(dialog).getByLabelText(/Client ID/), id);
    await user.type(within(dialog).getByLabelText(/Client secret/), 's3cret');
    await user.selectOptions(within(dialog).getByLabelText(/Bitwarden server/), 'eu');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Bitwarden did not accept this API key.',
    );
    expect(within(dialog).getByLabelText(/Client ID/)).toHaveValue(id);
    expect(api.callsTo('POST /integrations/bitwarden/connect')[0]?.body).toEqual({
      credentials: { clientId: id, clientSecret: 's3cret', region: 'eu' },
    });

    await user.click(submit);
    expect(await findToast('status', 'Bitwarden connected')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Connect Bitwarden' })).not.toBeInTheDocument();
  });

  it('says so when the browser blocks the Meta sign-in popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderCard(integration({ id: 'meta', name: 'Meta', securityChecks: [] }));
    await user.click(screen.getByRole('button', { name: 'Connect Meta' }));
    expect(await findToast('alert', 'Failed to open popup')).toBeVisible();
  });

  it('names the connected account’s plan, and what to do instead of a check it cannot run', () => {
    renderCard(
      integration({
        id: 'm365',
        name: 'Microsoft 365',
        status: 'connected',
        lastScan: '2026-11-30T10:00:00.000Z',
        plan: { name: 'Microsoft 365 Business Standard', includes: 'no Entra ID P1, no Intune' },
        securityChecks: [
          {
            key: 'stale-accounts',
            name: 'Unused accounts',
            description: 'Finds accounts nobody has signed in to for 90 days.',
            enabled: true,
            unavailable: 'needs Entra ID P1',
            planNote:
              'Microsoft 365 Business Standard does not include Entra ID P1. The free way: the Microsoft 365 admin center lists each account’s last activity.',
            result: 'unknown',
            checkedAt: '2026-11-30T10:00:00.000Z',
            detail: null,
            taskId: null,
          },
        ],
      }),
    );
    const shown = card('Microsoft 365');
    expect(shown).toHaveTextContent(
      'Plan: Microsoft 365 Business Standard (no Entra ID P1, no Intune)',
    );
    const check = within(screen.getByRole('list', { name: 'Security checks of Microsoft 365' }))
      .getByText('Unused accounts')
      .closest('li');
    expect(check).toHaveTextContent('needs Entra ID P1');
    expect(check).toHaveTextContent(
      /does not include Entra ID P1\. The free way: the Microsoft 365 admin center/,
    );
  });

  it('names the Google Workspace edition, and what to look at instead of a check it limits', () => {
    renderCard(
      integration({
        status: 'connected',
        lastScan: '2026-11-30T10:00:00.000Z',
        plan: {
          name: 'Google Workspace Business Starter',
          includes: '12 users, basic mobile management only, no Context-Aware Access',
        },
        securityChecks: [
          {
            key: 'phones',
            name: 'Phones',
            description: 'Verifies phones are locked and up to date.',
            enabled: true,
            planNote:
              'Google Workspace Business Starter has only Google’s basic mobile management, so Google may not report whether phones are locked, up to date and safe. Instead, look at each phone in the Admin console (Devices → Mobile & endpoints → Devices).',
            result: 'unknown',
            checkedAt: '2026-11-30T10:00:00.000Z',
            detail: null,
            taskId: null,
          },
        ],
      }),
    );
    expect(card('Google Workspace')).toHaveTextContent(
      'Plan: Google Workspace Business Starter (12 users, basic mobile management only, no Context-Aware Access)',
    );
    const check = within(screen.getByRole('list', { name: 'Security checks of Google Workspace' }))
      .getByText('Phones')
      .closest('li');
    expect(check).toHaveTextContent(/basic mobile management.*Admin console \(Devices →/);
  });

  it('says on a Google Workspace card why its edition is unknown', () => {
    renderCard(
      integration({
        status: 'connected',
        lastScan: '2026-11-30T10:00:00.000Z',
        plan: {
          name: 'unknown',
          includes: 'Reconnect Google Workspace to let Castellan read your edition',
        },
      }),
    );
    expect(card('Google Workspace')).toHaveTextContent(
      'Plan: unknown (Reconnect Google Workspace to let Castellan read your edition)',
    );
  });
});
