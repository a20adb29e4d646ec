import type { BitwardenMember } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { bitwardenFacts, type StoredBitwardenFacts } from './facts';
import { BITWARDEN_CHECK_TASKS, bitwardenVerdicts } from './verdicts';

const member = (email: string, patch: Partial<BitwardenMember> = {}): BitwardenMember => ({
  email,
  name: null,
  status: 'confirmed',
  role: 'user',
  twoStepLogin: false,
  ...patch,
});

const facts = (members: BitwardenMember[], twoStepRequired = false): StoredBitwardenFacts => {
  const active = members.filter((m) => m.status === 'confirmed' || m.status === 'accepted');
  return {
    organizationId: 'org',
    members,
    policies: { twoStepRequired, masterPassword: null },
    counts: {
      members: active.length,
      withTwoStep: active.filter((m) => m.twoStepLogin).length,
      invited: members.filter((m) => m.status === 'invited').length,
      revoked: members.filter((m) => m.status === 'revoked').length,
    },
  };
};

const castellan = [
  { id: 'u-alice', email: 'Alice@Brightwave.example' },
  { id: 'u-ben', email: 'ben@brightwave.example' },
  { id: 'u-emma', email: 'emma@brightwave.example' },
  { id: 'u-hiro', email: 'hiro@brightwave.example' },
  { id: 'u-jonas', email: 'jonas@brightwave.example' },
  { id: 'u-sam', email: 'sam@brightwave.example' },
  { id: 'u-zoe', email: 'zoe@brightwave.example' },
];

const ORG = [
  member('alice@brightwave.example', { role: 'owner', twoStepLogin: true }),
  member('ben@brightwave.example', { status: 'accepted' }),
  member('emma@brightwave.example', { status: 'invited' }),
  member('hiro@brightwave.example', { status: 'revoked' }),
  member('sam@brightwave.example', { status: 'staged' }),
  member('zoe@brightwave.example', { status: 'unknown' }),
];

describe('Bitwarden verdicts', () => {
  it('judges exactly the tasks its table of checks declares', () => {
    const judged = new Set(bitwardenVerdicts(facts(ORG), castellan).map((v) => v.catalogueId));
    expect([...judged].sort()).toEqual([...new Set(Object.values(BITWARDEN_CHECK_TASKS))].sort());
  });

  it('passes members who joined, fails the invited, the revoked and the absent, case-insensitively', () => {
    const verdicts = bitwardenVerdicts(facts(ORG), castellan).filter(
      (v) => v.catalogueId === 'use-password-manager',
    );
    const of = Object.fromEntries(verdicts.map((v) => [v.userId, v]));
    expect(of['u-alice']).toEqual({
      catalogueId: 'use-password-manager',
      userId: 'u-alice',
      verdict: 'pass',
      detail: null,
    });
    expect(of['u-ben']?.verdict).toBe('pass');
    expect(of['u-emma']).toMatchObject({
      verdict: 'fail',
      detail: expect.stringMatching(/^Invited .* not joined yet/),
    });
    expect(of['u-sam']).toMatchObject({
      verdict: 'fail',
      detail: expect.stringMatching(/not invited yet/),
    });
    for (const id of ['u-hiro', 'u-jonas']) {
      expect(of[id]).toMatchObject({
        verdict: 'fail',
        detail: expect.stringMatching(/^Not in the company’s Bitwarden organisation/),
      });
    }
    // A status Bitwarden added since: no verdict rather than a wrong one.
    expect(of['u-zoe']).toBeUndefined();
  });

  it('counts the row that joined when an e-mail is listed twice', () => {
    const twice = [
      member('ben@brightwave.example', { status: 'revoked' }),
      member('ben@brightwave.example'),
    ];
    const [verdict] = bitwardenVerdicts(facts(twice), [
      { id: 'u-ben', email: 'ben@brightwave.example' },
    ]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('passes two-step login when the policy requires it', () => {
    const verdicts = bitwardenVerdicts(facts(ORG, true), []);
    expect(verdicts).toEqual([
      {
        catalogueId: 'require-password-manager-two-step',
        userId: null,
        verdict: 'pass',
        detail: null,
      },
    ]);
  });

  it('fails it otherwise, saying how many members have two-step login on', () => {
    const [verdict] = bitwardenVerdicts(facts(ORG), []);
    expect(verdict).toEqual({
      catalogueId: 'require-password-manager-two-step',
      userId: null,
      verdict: 'fail',
      detail: 'Two-step login is not required; 1 of 2 members has it on.',
    });
    const three = [
      ...ORG,
      member('c@x.example', { twoStepLogin: true }),
      member('d@x.example', { twoStepLogin: true }),
    ];
    expect(bitwardenVerdicts(facts(three), [])[0]?.detail).toBe(
      'Two-step login is not required; 3 of 4 members have it on.',
    );
  });

  it('judges nobody on membership from an empty list', () => {
    expect(bitwardenVerdicts(facts([]), castellan).map((v) => v.catalogueId)).toEqual([
      'require-password-manager-two-step',
    ]);
  });
});

describe('Bitwarden facts', () => {
  it('keeps members lower-cased, the two policies Castellan reads and the counts', () => {
    const stored = bitwardenFacts(
      'org-1',
      [
        {
          id: '1',
          email: ' Alice@Brightwave.example',
          name: 'Alice',
          status: 'confirmed',
          role: 'owner',
          twoFactorEnabled: true,
        },
        {
          id: '2',
          email: 'ben@brightwave.example',
          name: null,
          status: 'accepted',
          role: 'user',
          twoFactorEnabled: false,
        },
        {
          id: '3',
          email: 'emma@brightwave.example',
          name: null,
          status: 'invited',
          role: 'user',
          twoFactorEnabled: false,
        },
        {
          id: '4',
          email: 'hiro@brightwave.example',
          name: null,
          status: 'revoked',
          role: 'admin',
          twoFactorEnabled: true,
        },
      ],
      [
        { type: 0, enabled: false, data: null },
        {
          type: 1,
          enabled: true,
          data: {
            minLength: 14,
            minComplexity: 3,
            requireUpper: true,
            enforceOnLogin: true,
            extra: 'x',
          },
        },
        { type: 21, enabled: true, data: null },
      ],
    );
    expect(stored.members[0]).toEqual({
      email: 'alice@brightwave.example',
      name: 'Alice',
      status: 'confirmed',
      role: 'owner',
      twoStepLogin: true,
    });
    expect(stored.policies).toEqual({
      twoStepRequired: false,
      masterPassword: {
        minLength: 14,
        minComplexity: 3,
        requireUpper: true,
        requireLower: false,
        requireNumbers: false,
        requireSpecial: false,
        enforceOnLogin: true,
      },
    });
    expect(stored.counts).toEqual({ members: 2, withTwoStep: 1, invited: 1, revoked: 1 });
  });

  it('reads a policy never set up, or turned off, as off', () => {
    expect(bitwardenFacts('o', [], []).policies).toEqual({
      twoStepRequired: false,
      masterPassword: null,
    });
    expect(
      bitwardenFacts('o', [], [{ type: 1, enabled: false, data: { minLength: 20 } }]).policies
        .masterPassword,
    ).toBeNull();
    expect(
      bitwardenFacts('o', [], [{ type: 0, enabled: true, data: null }]).policies.twoStepRequired,
    ).toBe(true);
  });
});
