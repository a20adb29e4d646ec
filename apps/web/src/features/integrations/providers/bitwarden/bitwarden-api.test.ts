import { describe, expect, it } from 'vitest';
import { attentionOf, membersOf } from './bitwarden-api';

const page = (emails: string[], nextCursor: string | null) => ({
  twoStepRequired: false,
  members: 3,
  membersWithTwoStep: 1,
  invited: 1,
  needAttention: emails.map((email) => ({
    email,
    name: null,
    status: 'confirmed' as const,
    role: 'user' as const,
    twoStepLogin: false,
  })),
  nextCursor,
});

describe('the Bitwarden findings', () => {
  it('say what each member still has to do', () => {
    expect(attentionOf({ status: 'invited', twoStepLogin: false })).toBe('Invitation not accepted');
    expect(attentionOf({ status: 'staged', twoStepLogin: false })).toBe('Not invited yet');
    expect(attentionOf({ status: 'accepted', twoStepLogin: true })).toBe(
      'Waiting for an admin to confirm',
    );
    expect(attentionOf({ status: 'accepted', twoStepLogin: false })).toMatch(/two-step login off$/);
    expect(attentionOf({ status: 'confirmed', twoStepLogin: false })).toBe('Two-step login off');
  });

  it('gather the members of every page fetched, a rate-limited page counting as none', () => {
    expect(membersOf(undefined)).toEqual([]);
    expect(
      membersOf([page(['a@x.example'], '25'), null, page(['b@x.example'], null)]).map(
        (m) => m.email,
      ),
    ).toEqual(['a@x.example', 'b@x.example']);
  });
});
