import type { AgentDevice } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { DevicesList } from './DevicesList';
import { DevicesSection } from './DevicesSection';

const device = (over: Partial<AgentDevice>): AgentDevice => ({
  id: '7b0c3e52-8f5d-4c5b-9e0a-1d2f3a4b5c6d',
  name: 'reception-pc',
  platform: 'win32',
  osVersion: '10.0.22631',
  agentVersion: '0.2.0',
  owner: { id: 'u1', name: 'Ben Carter', email: 'ben@example.com' },
  enrolledAt: '2026-11-30T10:00:00.000Z',
  lastReportAt: '2026-11-30T11:00:00.000Z',
  stale: false,
  releasesBehind: 0,
  checks: [],
  ...over,
});

describe('the devices list', () => {
  it('flags an agent more than two versions behind, and no other', () => {
    renderWithApp(
      <DevicesList
        label="Devices"
        showOwner
        devices={[
          device({ name: 'old-laptop', agentVersion: '0.1.0', releasesBehind: 3 }),
          device({
            id: '8b0c3e52-8f5d-4c5b-9e0a-1d2f3a4b5c6d',
            name: 'new-laptop',
            releasesBehind: 2,
          }),
        ]}
      />,
    );
    const [old, recent] = within(screen.getByRole('list', { name: 'Devices' })).getAllByRole(
      'listitem',
    );
    expect(old).toHaveTextContent('Agent 3 versions behind');
    expect(old).toHaveTextContent(/runs agent 0\.1\.0.*install the agent on it again/);
    expect(recent).not.toHaveTextContent('versions behind');
  });
});

describe('the devices list with a suite’s devices', () => {
  it('names every source of a device once, and lists the devices only a suite knows', () => {
    renderWithApp(
      <DevicesList
        label="Devices"
        showOwner
        devices={[
          device({
            name: 'anna-laptop',
            alsoReportedBy: [{ source: 'm365', reportedAt: '2026-11-30T10:30:00.000Z' }],
          }),
        ]}
        suiteDevices={[
          {
            id: 'gws:phone-1',
            name: 'Pixel 7',
            kind: 'phone',
            system: 'Android 14',
            owner: { id: 'u1', name: 'Ben Carter', email: 'ben@example.com' },
            lastReportAt: '2026-11-30T09:00:00.000Z',
            stale: false,
            reports: [{ source: 'gws', reportedAt: '2026-11-30T09:00:00.000Z' }],
            checks: [
              {
                name: 'Operating system updates',
                verdict: 'fail',
                evidence: 'Security update of 1 Apr 2026, more than three months old.',
              },
            ],
          },
        ]}
      />,
    );
    const [laptop, phone] = within(screen.getByRole('list', { name: 'Devices' })).getAllByRole(
      'listitem',
    );
    expect(laptop).toHaveTextContent(/Reported by Agent \(last report .*\), Intune \(last report/);
    expect(phone).toHaveTextContent('Pixel 7');
    expect(phone).toHaveTextContent('Android 14 · Ben Carter');
    expect(phone).toHaveTextContent(/Reported by Google/);
    const checks = within(phone as HTMLElement).getByRole('list', { name: 'Checks of Pixel 7' });
    expect(checks).toHaveTextContent(
      /Failed.*Operating system updates.*more than three months old/,
    );
  });

  it('keeps an agent-only device as it was, without a sources line', () => {
    renderWithApp(<DevicesList label="Devices" showOwner={false} devices={[device({})]} />);
    expect(screen.getByRole('listitem')).not.toHaveTextContent('Reported by');
  });

  it('says why a connected suite’s devices are missing, beside the devices it has', async () => {
    fakeApi({
      'GET /agent/devices': reply({
        devices: [device({})],
        suiteDevices: [],
        devicesUnknown: [{ source: 'm365', reason: 'No Intune licence in this tenant.' }],
      }),
    });
    renderWithApp(<DevicesSection scope="organization" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Devices from Microsoft 365 not read');
    expect(alert).toHaveTextContent('No Intune licence in this tenant.');
    expect(screen.getByRole('list', { name: 'Devices' })).toHaveTextContent('reception-pc');
  });
});
