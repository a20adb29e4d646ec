import type { ReadinessEvidence } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  checkedWords,
  countsLine,
  coverageWords,
  evidenceLine,
  readinessSetFrom,
} from './readiness-words';
import { opensWords, shareDaysError, shareStatus, sortShares } from './share-words';

// Local times: the day words count calendar days where the reader is.
const now = new Date(2026, 2, 15, 9, 30);
const at = (...parts: [number, number, number, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 12).toISOString();

const evidence = (over: Partial<ReadinessEvidence> = {}): ReadinessEvidence => ({
  catalogueId: 'enable-mfa',
  title: 'Turn on two-step sign-in',
  source: 'Google Workspace',
  checkedAt: now.toISOString(),
  covered: 38,
  total: 40,
  unit: 'people',
  stale: false,
  ...over,
});

describe('evidence lines', () => {
  it('say when the evidence was checked in day words', () => {
    expect(checkedWords(at(2026, 2, 15, 0), now)).toBe('checked today');
    // Late last night is yesterday, though fewer than 24 hours ago.
    expect(checkedWords(at(2026, 2, 14, 23), now)).toBe('checked yesterday');
    expect(checkedWords(at(2026, 2, 12), now)).toBe('checked 3 days ago');
    expect(checkedWords(at(2026, 1, 13), now)).toBe('checked 30 days ago');
    expect(checkedWords(at(2026, 0, 4), now)).toBe('checked on Jan 4, 2026');
    expect(checkedWords(null, now)).toBe('not checked');
    // A clock a little ahead of the reader's does not make it a future day.
    expect(checkedWords(at(2026, 2, 16, 0), now)).toBe('checked today');
  });

  it('count people, or say whether the organisation’s task is done', () => {
    expect(coverageWords(evidence())).toBe('38 of 40 people');
    expect(coverageWords(evidence({ covered: 1, total: 1 }))).toBe('1 of 1 person');
    expect(coverageWords(evidence({ unit: 'organisation', covered: 1, total: 1 }))).toBe('done');
    expect(coverageWords(evidence({ unit: 'organisation', covered: 0, total: 1 }))).toBe(
      'not done',
    );
    expect(coverageWords(evidence({ unit: 'organisation', covered: 0, total: 0 }))).toBe(
      'not done',
    );
  });

  it('read as the task, its coverage, the source and when it was checked', () => {
    expect(evidenceLine(evidence(), now)).toBe(
      'Turn on two-step sign-in: 38 of 40 people, Google Workspace, checked today',
    );
    expect(
      evidenceLine(
        evidence({
          title: 'Write an incident response plan',
          source: null,
          unit: 'organisation',
          covered: 0,
          total: 1,
          checkedAt: null,
        }),
        now,
      ),
    ).toBe('Write an incident response plan: not done, not checked yet');
  });
});

describe('a readiness set', () => {
  it('counts its answers in a fixed order', () => {
    expect(countsLine({ yes: 5, partly: 2, no: 3, unknown: 1 })).toBe(
      'Yes 5 · Partly 2 · No 3 · Unknown 1',
    );
    expect(countsLine({ no: 1 } as never)).toBe('Yes 0 · Partly 0 · No 1 · Unknown 0');
  });

  it('is the one the address names, the insurance application otherwise', () => {
    expect(readinessSetFrom(new URLSearchParams('set=cis-ig1'))).toBe('cis-ig1');
    expect(readinessSetFrom(new URLSearchParams('set=cyber-essentials'))).toBe('cyber-essentials');
    expect(readinessSetFrom(new URLSearchParams('set=nonsense'))).toBe('insurance');
    expect(readinessSetFrom(new URLSearchParams())).toBe('insurance');
  });
});

describe('share links', () => {
  const share = (over: { expiresAt?: string; revokedAt?: string | null; createdAt?: string }) => ({
    createdAt: '2026-03-01T10:00:00Z',
    expiresAt: '2026-03-20T10:00:00Z',
    revokedAt: null,
    ...over,
  });
  const at = new Date('2026-03-15T10:00:00Z');

  it('are active until they expire, unless revoked first', () => {
    expect(shareStatus(share({}), at)).toBe('Active');
    expect(shareStatus(share({ expiresAt: '2026-03-15T10:00:00Z' }), at)).toBe('Expired');
    expect(shareStatus(share({ revokedAt: '2026-03-02T10:00:00Z' }), at)).toBe('Revoked');
    expect(
      shareStatus(
        share({ expiresAt: '2026-03-10T10:00:00Z', revokedAt: '2026-03-02T10:00:00Z' }),
        at,
      ),
    ).toBe('Revoked');
  });

  it('list the active ones first, latest first', () => {
    const old = share({ createdAt: '2026-02-01T10:00:00Z' });
    const ended = share({ createdAt: '2026-03-10T10:00:00Z', revokedAt: '2026-03-11T10:00:00Z' });
    const recent = share({ createdAt: '2026-03-05T10:00:00Z' });
    expect(sortShares([old, ended, recent], at)).toEqual([recent, old, ended]);
  });

  it('say how often they were opened', () => {
    expect(opensWords(0)).toBe('Never opened');
    expect(opensWords(1)).toBe('Opened 1 time');
    expect(opensWords(12)).toBe('Opened 12 times');
  });

  it('last a whole number of days from 1 to 90', () => {
    expect(shareDaysError('14')).toBeNull();
    expect(shareDaysError('1')).toBeNull();
    expect(shareDaysError('90')).toBeNull();
    for (const wrong of ['0', '91', '2.5', '', ' ', 'abc', '-3']) {
      expect(shareDaysError(wrong), wrong).toBe('Choose a whole number of days from 1 to 90.');
    }
  });
});
