import { describe, expect, it } from 'vitest';
import {
  agentBehind,
  deviceStanding,
  formatExpiry,
  formatMegabytes,
  summarizeVerdicts,
  systemWords,
} from './agent-words';

describe('formatExpiry', () => {
  // Local times, so the test holds in every time zone the suite runs in.
  const now = new Date(2026, 10, 25, 14, 5);

  it('says tomorrow for a code made now (24 hours)', () => {
    expect(formatExpiry(new Date(2026, 10, 26, 14, 5), now)).toBe('14:05 tomorrow');
  });

  it('says today for a time later the same day, on a 24-hour clock with two digits', () => {
    expect(formatExpiry(new Date(2026, 10, 25, 21, 7), now)).toBe('21:07 today');
    expect(formatExpiry(new Date(2026, 10, 25, 9, 0), new Date(2026, 10, 25, 1, 0))).toBe(
      '09:00 today',
    );
  });

  it('names the date further ahead, across a month end too', () => {
    expect(formatExpiry(new Date(2026, 10, 27, 8, 30), now)).toBe('08:30 on Nov 27');
    expect(formatExpiry(new Date(2026, 11, 1, 0, 15), new Date(2026, 10, 30, 23, 0))).toBe(
      '00:15 tomorrow',
    );
  });

  it('reads an ISO string', () => {
    const end = new Date(2026, 10, 26, 14, 5);
    expect(formatExpiry(end.toISOString(), now)).toBe('14:05 tomorrow');
  });
});

describe('formatMegabytes', () => {
  it('gives one decimal of 10⁶ bytes', () => {
    expect(formatMegabytes(42_345_678)).toBe('42.3 MB');
    expect(formatMegabytes(1_000_000)).toBe('1.0 MB');
  });

  it('does not call a tiny file 0.0 MB', () => {
    expect(formatMegabytes(2_048)).toBe('less than 0.1 MB');
    expect(formatMegabytes(0)).toBe('0.0 MB');
  });
});

describe('summarizeVerdicts', () => {
  it('counts each verdict, leaving out those with none', () => {
    const checks = [
      { verdict: 'pass' as const },
      { verdict: 'fail' as const },
      { verdict: 'pass' as const },
      { verdict: 'unknown' as const },
    ];
    expect(summarizeVerdicts(checks)).toBe('2 passed, 1 failed, 1 could not tell');
    expect(summarizeVerdicts([{ verdict: 'pass' }])).toBe('1 passed');
  });

  it('says when there is nothing yet', () => {
    expect(summarizeVerdicts([])).toBe('No results yet');
  });
});

describe('systemWords', () => {
  it('joins the system and its version, or gives the system alone', () => {
    expect(systemWords('macOS', '15.1')).toBe('macOS 15.1');
    expect(systemWords('Linux', ' ')).toBe('Linux');
  });
});

describe('deviceStanding', () => {
  const reported = '2026-11-20T10:00:00.000Z';

  it('is nothing to say for a device that counts', () => {
    expect(deviceStanding({ stale: false, lastReportAt: reported }, 14)).toBeNull();
  });

  it('calls a silent device stale and says its results stop counting', () => {
    expect(deviceStanding({ stale: true, lastReportAt: reported }, 14)).toEqual({
      badge: 'Stale',
      sentence: 'Silent for 14 days or more: its results no longer count until it reports again.',
    });
  });

  it('does not call a device that never reported silent for days', () => {
    expect(deviceStanding({ stale: true, lastReportAt: null }, 14)?.badge).toBe('No report yet');
  });
});

describe('agentBehind', () => {
  it('flags an agent that many releases behind or more, and says what to do', () => {
    expect(agentBehind({ agentVersion: '0.2.0', releasesBehind: 2 }, 3)).toBeNull();
    expect(agentBehind({ agentVersion: '0.1.0', releasesBehind: null }, 3)).toBeNull();
    expect(agentBehind({ agentVersion: '0.1.0', releasesBehind: 3 }, 3)).toEqual({
      badge: 'Agent 3 versions behind',
      sentence: expect.stringMatching(/runs agent 0\.1\.0.*install the agent on it again/),
    });
  });
});
