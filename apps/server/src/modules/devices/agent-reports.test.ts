import { describe, expect, it } from 'vitest';
import { type AgentDeviceFacts, agentReport } from './agent-reports';
import { deviceEvidence, isStale } from './device-verdicts';

const now = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const device = (
  name: string,
  verdict: 'pass' | 'fail' | 'unknown',
  lastReportAt: Date | null = hoursAgo(1),
): AgentDeviceFacts => ({
  id: name,
  userId: 'member',
  name,
  platform: null,
  osVersion: '',
  lastReportAt,
  checks: [{ id: 'firewall', verdict, evidence: `The firewall says ${verdict}.` }],
});
const firewall = (devices: AgentDeviceFacts[]) =>
  deviceEvidence(devices.map(agentReport), now).filter((v) => v.catalogueId === 'enable-firewall');

describe('judging a member from their agent devices alone', () => {
  it('passes with one passing device, naming it and its evidence, at its report time', () => {
    expect(firewall([device('Mac', 'pass')])).toEqual([
      {
        catalogueId: 'enable-firewall',
        userId: 'member',
        source: 'agent',
        verdict: 'pass',
        detail: 'Checked on Mac: The firewall says pass.',
        checkedAt: hoursAgo(1),
      },
    ]);
  });

  it('fails when any device fails, and says which', () => {
    const [v] = firewall([device('Mac', 'pass'), device('PC', 'fail', hoursAgo(3))]);
    expect(v).toMatchObject({ verdict: 'fail', detail: 'Checked on PC: The firewall says fail.' });
    expect(v?.checkedAt).toEqual(hoursAgo(3));
  });

  it('says nothing when a device could not tell and none failed', () => {
    expect(firewall([device('Mac', 'pass'), device('PC', 'unknown')])).toEqual([]);
    expect(firewall([device('PC', 'unknown')])).toEqual([]);
  });

  it('leaves out devices silent for 14 days or that never reported', () => {
    expect(isStale(hoursAgo(14 * 24 - 1), now)).toBe(false);
    expect(isStale(hoursAgo(14 * 24), now)).toBe(true);
    expect(firewall([device('Mac', 'pass'), device('Old PC', 'fail', hoursAgo(15 * 24))])).toEqual([
      expect.objectContaining({
        verdict: 'pass',
        detail: 'Checked on Mac: The firewall says pass.',
      }),
    ]);
    expect(firewall([device('New', 'fail', null)])).toEqual([]);
  });

  it('names every device when several pass, in order', () => {
    const [v] = firewall([
      device('Work PC', 'pass'),
      device('Home Mac', 'pass'),
      device('Air', 'pass'),
    ]);
    expect(v?.detail).toBe('Checked on Air, Home Mac and Work PC.');
  });

  it('ignores a check a device did not report', () => {
    const silent: AgentDeviceFacts = { ...device('Mac', 'pass'), checks: [] };
    expect(firewall([silent, device('PC', 'pass')])).toEqual([]);
  });
});
