import { describe, expect, it } from 'vitest';
import { M365_CHECK_TASKS, m365Verdicts, type StoredM365Facts } from './verdicts';

const members = [
  { id: 'u1', email: 'Liam.Brooks@tidewater.example' },
  { id: 'u2', email: 'maya.chen@tidewater.example' },
  { id: 'u3', email: 'new.joiner@tidewater.example' },
];

const facts = (patch: Partial<StoredM365Facts> = {}): StoredM365Facts => ({
  tenantId: 't',
  verifiedDomains: ['tidewater.example'],
  userCount: 10,
  memberMfa: {
    'liam.brooks@tidewater.example': { registered: true, capable: true },
    'maya.chen@tidewater.example': { registered: false, capable: false },
  },
  mailboxes: [],
  securityDefaultsEnabled: false,
  conditionalAccessRequiresMfa: false,
  globalAdmins: [
    { email: 'a@tidewater.example', displayName: 'A' },
    { email: 'b@tidewater.example', displayName: 'B' },
  ],
  staleUsers: [],
  failedLogins30d: 0,
  needsP1: [],
  apps: { state: 'read', apps: [] },
  ...patch,
});

const of = (verdicts: ReturnType<typeof m365Verdicts>, id: string, userId: string | null = null) =>
  verdicts.find((v) => v.catalogueId === id && v.userId === userId);

describe('Microsoft 365 verdicts', () => {
  it('judges exactly the tasks its table of checks declares', () => {
    const judged = new Set(m365Verdicts(facts(), members).map((v) => v.catalogueId));
    expect([...judged].sort()).toEqual([...new Set(Object.values(M365_CHECK_TASKS))].sort());
  });

  it('judges each member found by their MFA registration, case-insensitively', () => {
    const verdicts = m365Verdicts(facts(), members);
    expect(of(verdicts, 'enable-mfa', 'u1')?.verdict).toBe('pass');
    expect(of(verdicts, 'enable-mfa', 'u2')).toMatchObject({
      verdict: 'fail',
      detail: expect.stringMatching(/no second sign-in method/),
    });
    expect(of(verdicts, 'enable-mfa', 'u3')).toBeUndefined();
  });

  it('leaves members to the other suite when told to', () => {
    const verdicts = m365Verdicts(facts(), members, (email) => email.startsWith('liam'));
    expect(of(verdicts, 'enable-mfa', 'u2')).toBeUndefined();
  });

  it('passes MFA enforcement through security defaults or Conditional Access', () => {
    expect(of(m365Verdicts(facts(), members), 'enforce-mfa-microsoft-365')?.verdict).toBe('fail');
    const defaults = m365Verdicts(facts({ securityDefaultsEnabled: true }), members);
    expect(of(defaults, 'enforce-mfa-microsoft-365')?.verdict).toBe('pass');
    const policy = m365Verdicts(facts({ conditionalAccessRequiresMfa: true }), members);
    expect(of(policy, 'enforce-mfa-microsoft-365')?.verdict).toBe('pass');
  });

  it('judges the number of Global Administrators against two to four', () => {
    const one = m365Verdicts(
      facts({ globalAdmins: [{ email: 'a@x', displayName: 'A' }] }),
      members,
    );
    expect(of(one, 'limit-super-admins')).toMatchObject({
      verdict: 'fail',
      detail: 'Microsoft 365 has 1 Global Administrator; keep two to four.',
    });
    expect(of(m365Verdicts(facts(), members), 'limit-super-admins')?.verdict).toBe('pass');
  });

  it('without Entra ID P1 says nothing of MFA registration or unused accounts', () => {
    const verdicts = m365Verdicts(
      facts({
        memberMfa: null,
        staleUsers: null,
        needsP1: ['mfa-registration', 'sign-in-activity'],
      }),
      members,
    );
    expect(verdicts.map((v) => v.catalogueId).sort()).toEqual([
      'enforce-mfa-microsoft-365',
      'limit-super-admins',
      'review-third-party-apps',
    ]);
  });
});
