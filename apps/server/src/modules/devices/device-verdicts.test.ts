import { describe, expect, it } from 'vitest';
import type { DeviceReport } from './device-report';
import { deviceEvidence } from './device-verdicts';
import { mergeDevices, nameKey } from './merge-devices';
import { suiteReports } from './suite-reports';

const now = new Date('2026-11-29T12:00:00Z');
const at = (iso: string) => new Date(iso);

const agentLaptop = (over: Partial<DeviceReport> = {}): DeviceReport => ({
  source: 'agent',
  id: 'a1',
  ownerId: 'anna',
  name: 'anna-laptop',
  serial: null,
  kind: 'computer',
  system: 'Windows 10.0.22631',
  reportedAt: at('2026-11-27T09:00:00Z'),
  checks: {
    'disk-encryption': { verdict: 'fail', evidence: 'BitLocker is off.' },
    firewall: { verdict: 'pass', evidence: 'The firewall is on.' },
  },
  ...over,
});
const intuneLaptop = (over: Partial<DeviceReport> = {}): DeviceReport => ({
  source: 'm365',
  id: 'i1',
  ownerId: 'anna',
  name: 'ANNA-LAPTOP',
  serial: 'PF3ABCDE',
  kind: 'computer',
  system: 'Windows 10.0.22631.3447',
  reportedAt: at('2026-11-29T08:00:00Z'),
  checks: { 'disk-encryption': { verdict: 'pass', evidence: 'The disk is encrypted.' } },
  ...over,
});

describe('mergeDevices', () => {
  it('shows a device seen by the agent and a suite once, newest report first', () => {
    const merged = mergeDevices([agentLaptop(), intuneLaptop()]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.reports.map((r) => r.source)).toEqual(['m365', 'agent']);
  });

  it('joins by serial number across suites, whatever the names', () => {
    const google: DeviceReport = { ...intuneLaptop(), source: 'gws', id: 'g1', name: 'Pixel' };
    expect(mergeDevices([intuneLaptop(), google])).toHaveLength(1);
  });

  it('keeps apart devices of other owners, and two agent enrolments of one name', () => {
    expect(
      mergeDevices([agentLaptop(), intuneLaptop({ ownerId: 'ben', serial: null })]),
    ).toHaveLength(2);
    expect(mergeDevices([agentLaptop(), agentLaptop({ id: 'a2' })])).toHaveLength(2);
  });

  it('reads names as the sources write them', () => {
    expect(nameKey('Anna’s MacBook Pro')).toBe(nameKey('annas-macbook-pro.local'));
  });
});

const encryption = (reports: DeviceReport[]) =>
  deviceEvidence(reports, now).filter((v) => v.catalogueId === 'encrypt-disk');

describe('device verdicts', () => {
  it('lets the newer report win, under its source, naming both when they disagree', () => {
    expect(encryption([agentLaptop(), intuneLaptop()])).toEqual([
      {
        catalogueId: 'encrypt-disk',
        userId: 'anna',
        source: 'm365',
        verdict: 'pass',
        detail:
          'Checked on anna-laptop: Intune, 29 Nov: The disk is encrypted; Agent, 27 Nov: BitLocker is off.',
        checkedAt: at('2026-11-29T08:00:00Z'),
      },
    ]);
  });

  it('lets a newer agent report win back', () => {
    const [v] = encryption([
      agentLaptop({ reportedAt: at('2026-11-29T11:00:00Z') }),
      intuneLaptop(),
    ]);
    expect(v).toMatchObject({ source: 'agent', verdict: 'fail' });
  });

  it('keeps the agent’s other checks with the agent', () => {
    const firewall = deviceEvidence([agentLaptop(), intuneLaptop()], now).filter(
      (v) => v.catalogueId === 'enable-firewall',
    );
    expect(firewall).toMatchObject([{ source: 'agent', verdict: 'pass' }]);
  });

  it('fails a task on the failing device’s source, and passes none while one fails', () => {
    const other = intuneLaptop({ id: 'i2', name: 'ANNA-DESKTOP', serial: 'X2' });
    const failing = {
      ...other,
      checks: {
        'disk-encryption': {
          verdict: 'fail' as const,
          evidence: 'The disk is not encrypted.',
        },
      },
    };
    expect(encryption([intuneLaptop(), failing])).toEqual([
      expect.objectContaining({
        source: 'm365',
        verdict: 'fail',
        detail: 'Checked on ANNA-DESKTOP: The disk is not encrypted.',
      }),
    ]);
  });

  it('judges phones locked and up to date from what the suites report', () => {
    const phone = (over: Parameters<typeof suiteReports>[1][number]) =>
      suiteReports('gws', [over], new Map([['anna@x.test', 'anna']]), now);
    const base = {
      id: 'p1',
      name: 'Pixel 7',
      email: 'anna@x.test',
      kind: 'phone' as const,
      os: 'Android',
      lastSync: '2026-11-29T07:00:00.000Z',
    };
    const lockPhone = (reports: DeviceReport[]) =>
      deviceEvidence(reports, now).filter((v) => v.catalogueId === 'lock-phone');
    expect(lockPhone(phone({ ...base, screenLock: true, patchDate: '2026-11-05' }))).toEqual([
      expect.objectContaining({ source: 'gws', verdict: 'pass' }),
    ]);
    expect(lockPhone(phone({ ...base, screenLock: true, patchDate: '2026-05-05' }))).toEqual([
      expect.objectContaining({
        verdict: 'fail',
        detail: 'Checked on Pixel 7: Security update of 5 May 2026, more than three months old.',
      }),
    ]);
    // No patch level (an iPhone): nothing to judge updates by, so no verdict.
    expect(lockPhone(phone({ ...base, os: 'iOS', screenLock: true }))).toEqual([]);
    expect(lockPhone(phone({ ...base, screenLock: false }))).toMatchObject([{ verdict: 'fail' }]);
  });

  it('leaves out reports older than 14 days and devices of no member', () => {
    const old = intuneLaptop({ reportedAt: at('2026-11-01T00:00:00Z') });
    expect(encryption([agentLaptop(), old])).toMatchObject([{ source: 'agent', verdict: 'fail' }]);
    expect(
      suiteReports(
        'm365',
        [{ id: 'x', name: 'PC', email: 'stranger@x.test', kind: 'computer', os: 'Windows' }],
        new Map(),
        now,
      ),
    ).toEqual([]);
  });
});
