import { describe, expect, it } from 'vitest';
import { GOOGLE_CHECK_TASKS, googleVerdicts, type StoredGoogleFacts } from './verdicts';

const facts = (patch: Partial<StoredGoogleFacts> = {}): StoredGoogleFacts => ({
  userCount: 4,
  superAdminCount: 2,
  usersWithout2Sv: 1,
  memberMfa: {
    'ann@acme.test': { enrolled: true, enforced: true },
    'bob@acme.test': { enrolled: false, enforced: false },
  },
  staleUsers: [],
  policies: {
    twoStepEnforced: true,
    externalSharingMode: 'ALLOWLISTED_DOMAINS',
    autoForwardingEnabled: false,
    passwordPolicy: { minimumLength: 12, enforcedAtLogin: true },
  },
  failedLogins30d: 3,
  blockedSpam: 10,
  externalShares: [],
  apps: { state: 'read', apps: [] },
  ...patch,
});
const members = [
  { id: 'a', email: 'Ann@acme.test' },
  { id: 'b', email: 'bob@acme.test' },
  { id: 'c', email: 'carol@acme.test' }, // not in the workspace
];
const of = (
  verdicts: ReturnType<typeof googleVerdicts>,
  id: string,
  userId: string | null = null,
) => verdicts.find((v) => v.catalogueId === id && v.userId === userId);

describe('googleVerdicts', () => {
  it('judges exactly the tasks its table of checks declares', () => {
    const judged = new Set(googleVerdicts(facts(), members, []).map((v) => v.catalogueId));
    expect([...judged].sort()).toEqual([...new Set(Object.values(GOOGLE_CHECK_TASKS))].sort());
  });

  it('judges each member found in the workspace on 2-Step Verification, and nobody else', () => {
    const verdicts = googleVerdicts(facts(), members, []);
    expect(of(verdicts, 'enable-mfa', 'a')).toMatchObject({ verdict: 'pass', detail: null });
    expect(of(verdicts, 'enable-mfa', 'b')).toMatchObject({ verdict: 'fail' });
    expect(of(verdicts, 'enable-mfa', 'c')).toBeUndefined();
  });

  it('passes the Admin tasks a well-run workspace meets', () => {
    const verdicts = googleVerdicts(facts(), members, []);
    for (const id of [
      'enforce-mfa-google-workspace',
      'limit-super-admins',
      'remove-stale-accounts',
      'restrict-external-sharing',
      'block-mail-auto-forwarding',
      'set-password-policy',
    ]) {
      expect(of(verdicts, id)).toMatchObject({ verdict: 'pass' });
    }
  });

  it('fails them with a sentence saying what was found', () => {
    const verdicts = googleVerdicts(
      facts({
        superAdminCount: 6,
        staleUsers: [
          {
            firstName: 'Old',
            lastName: 'One',
            fullName: 'Old One',
            email: 'old@acme.test',
            lastLoginTime: null,
          },
        ],
        policies: {
          twoStepEnforced: false,
          externalSharingMode: 'ALLOWED',
          autoForwardingEnabled: true,
          passwordPolicy: { minimumLength: 8, enforcedAtLogin: true },
        },
      }),
      members,
      [],
    );
    expect(of(verdicts, 'limit-super-admins')?.detail).toBe(
      'Google Workspace has 6 super administrators; keep two to four.',
    );
    expect(of(verdicts, 'remove-stale-accounts')?.detail).toBe(
      '1 Google Workspace account is not used any more: old@acme.test.',
    );
    expect(of(verdicts, 'set-password-policy')?.detail).toMatch(
      /8 characters; require at least 12/,
    );
    for (const id of [
      'enforce-mfa-google-workspace',
      'restrict-external-sharing',
      'block-mail-auto-forwarding',
    ]) {
      expect(of(verdicts, id)).toMatchObject({ verdict: 'fail' });
    }
    expect(
      googleVerdicts(facts({ superAdminCount: 1 }), members, []).find(
        (v) => v.catalogueId === 'limit-super-admins',
      )?.verdict,
    ).toBe('fail');
  });

  it('leaves a task manual when Google did not say (an unknown policy)', () => {
    const verdicts = googleVerdicts(
      facts({
        policies: {
          twoStepEnforced: null,
          externalSharingMode: null,
          autoForwardingEnabled: null,
          passwordPolicy: null,
        },
      }),
      members,
      [],
    );
    expect(verdicts.map((v) => v.catalogueId)).not.toContain('enforce-mfa-google-workspace');
    expect(verdicts.map((v) => v.catalogueId)).not.toContain('set-password-policy');
  });

  it('fails the shared-links task of members who own a flagged share, and only theirs', () => {
    const verdicts = googleVerdicts(facts(), members, [
      { owner: 'bob@acme.test', title: 'Budget 2027' },
    ]);
    expect(of(verdicts, 'review-shared-links', 'b')).toMatchObject({
      verdict: 'fail',
      detail: '1 of your files is shared outside the company: Budget 2027.',
    });
    expect(of(verdicts, 'review-shared-links', 'a')).toMatchObject({ verdict: 'pass' });
  });
});
