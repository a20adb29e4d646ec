import type { MetaAccount } from '@castellan/contract';
import type { Verdict } from '../../tasks/evidence';
import { checkTasksOf, type ProviderCheck } from '../kit/checks';
import { listed, organisationVerdict } from '../kit/verdict-text';
import type { MetaBusiness } from './index';

/** What a Meta sync keeps (JSON in `integrations.facts`). */
export type StoredMetaFacts = { businesses: MetaBusiness[] };

/** A business as the API shows it. */
export const toMetaAccount = (b: MetaBusiness): MetaAccount => ({
  ...b,
  twoFactorRequired: b.twoFactorType === 'all_required',
});

/**
 * Each check a Meta sync judges, and the catalogue task its verdict decides: what the card lists.
 * The first keeps the name the product has always shown (spec §3).
 */
export const META_CHECKS = [
  {
    key: 'business-2fa-required',
    name: 'MFA Enforcement',
    description: 'Verify MFA is enforced for all business users.',
    task: 'meta-business-mfa',
  },
  {
    key: 'people-without-2fa',
    name: 'People without two-factor authentication',
    description:
      'Finds people of your business accounts who do not use two-factor authentication; it never passes on its own, as Meta cannot speak for your other networks.',
    task: 'protect-social-media-accounts',
  },
] as const satisfies readonly ProviderCheck[];
export const META_CHECK_TASKS = checkTasksOf(META_CHECKS);
const task = META_CHECK_TASKS;

/**
 * Meta's verdicts on the social-media tasks: two-factor authentication required in every
 * business portfolio decides `meta-business-mfa`. People without it fail
 * `protect-social-media-accounts`, but Meta cannot vouch for the company's other networks, so
 * that task never passes from here.
 */
export function metaVerdicts(facts: StoredMetaFacts): Verdict[] {
  const { businesses } = facts;
  if (businesses.length === 0) return [];
  const optional = businesses.filter((b) => b.twoFactorType !== 'all_required').map((b) => b.name);
  const verdicts = [
    organisationVerdict(
      task['business-2fa-required'],
      optional.length === 0,
      `Two-factor authentication is not required for everyone in ${listed(optional)}.`,
    ),
  ];
  const without = businesses.reduce(
    (sum, b) => sum + (b.people - b.peopleWithTwoFactor - b.peopleTwoFactorUnknown),
    0,
  );
  if (without > 0) {
    verdicts.push(
      organisationVerdict(
        task['people-without-2fa'],
        false,
        `${without} ${without === 1 ? 'person' : 'people'} with access to your Meta business accounts ${without === 1 ? 'does' : 'do'} not use two-factor authentication.`,
      ),
    );
  }
  return verdicts;
}
