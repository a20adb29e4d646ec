import type { BitwardenMember, BitwardenMemberStatus } from '@castellan/contract';
import type { Verdict } from '../../tasks/evidence';
import type { Member } from '../kit/adapter';
import { checkTasksOf, type ProviderCheck } from '../kit/checks';
import { organisationVerdict } from '../kit/verdict-text';
import type { StoredBitwardenFacts } from './facts';

/** Each check a Bitwarden sync judges, and the catalogue task its verdict decides: what the card lists. */
export const BITWARDEN_CHECKS = [
  {
    key: 'member-in-password-manager',
    name: 'Members in the password manager',
    description:
      'Verifies each member has joined the company’s Bitwarden organisation (accepted or confirmed).',
    task: 'use-password-manager',
  },
  {
    key: 'password-manager-two-step',
    name: 'Two-step login required',
    description:
      'Verifies the organisation’s "Require two-step login" policy is on, so every member protects their vault with a second step.',
    task: 'require-password-manager-two-step',
  },
] as const satisfies readonly ProviderCheck[];
export const BITWARDEN_CHECK_TASKS = checkTasksOf(BITWARDEN_CHECKS);
const task = BITWARDEN_CHECK_TASKS;

/** Which of a person's rows counts when Bitwarden lists the same e-mail twice. */
const RANK: Record<BitwardenMemberStatus, number> = {
  confirmed: 5,
  accepted: 4,
  invited: 3,
  staged: 2,
  unknown: 1,
  revoked: 0,
};

const NOT_A_MEMBER =
  'Not in the company’s Bitwarden organisation: ask your administrator for an invitation.';
const NOT_ACCEPTED =
  'Invited to the company’s Bitwarden organisation but not joined yet: accept the invitation e-mail from Bitwarden.';
const NOT_INVITED_YET =
  'Added to the company’s Bitwarden organisation but not invited yet: ask your administrator to send the invitation.';

/** A member's verdict on using the password manager; null when Bitwarden's status is unknown. */
function passwordManagerVerdict(member: Member, row: BitwardenMember | undefined): Verdict | null {
  const of = (pass: boolean, detail: string | null): Verdict => ({
    catalogueId: task['member-in-password-manager'],
    userId: member.id,
    verdict: pass ? 'pass' : 'fail',
    detail,
  });
  switch (row?.status) {
    case 'confirmed':
    case 'accepted':
      return of(true, null);
    case 'invited':
      return of(false, NOT_ACCEPTED);
    case 'staged':
      return of(false, NOT_INVITED_YET);
    case 'unknown':
      return null;
    case 'revoked':
    case undefined:
      return of(false, NOT_A_MEMBER);
  }
}

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/**
 * Bitwarden's verdicts: each Castellan member on using the password manager (a member of the
 * Bitwarden organisation who has joined it passes; invited, revoked or absent fails), and the
 * organisation on requiring two-step login.
 */
export function bitwardenVerdicts(
  facts: StoredBitwardenFacts,
  castellanMembers: readonly Member[],
): Verdict[] {
  const verdicts: Verdict[] = [];
  const byEmail = new Map<string, BitwardenMember>();
  for (const m of facts.members) {
    const held = byEmail.get(m.email);
    if (!held || RANK[m.status] > RANK[held.status]) byEmail.set(m.email, m);
  }
  // An organisation always has its owner: an empty list is a reading gone wrong, not a verdict.
  if (byEmail.size > 0) {
    for (const member of castellanMembers) {
      const verdict = passwordManagerVerdict(member, byEmail.get(member.email.toLowerCase()));
      if (verdict) verdicts.push(verdict);
    }
  }
  const { members: active, withTwoStep } = facts.counts;
  const have = withTwoStep === 1 ? 'has' : 'have';
  verdicts.push(
    organisationVerdict(
      task['password-manager-two-step'],
      facts.policies.twoStepRequired,
      `Two-step login is not required; ${withTwoStep} of ${members(active)} ${have} it on.`,
    ),
  );
  return verdicts;
}
