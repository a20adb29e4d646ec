import type { Verdict } from '../../tasks/evidence';
import { checkTasksOf, type ProviderCheck } from '../kit/checks';
import { listed, organisationVerdict } from '../kit/verdict-text';
import type { Trail } from './cloudtrail';
import type { ReportUser } from './credential-report';
import type { PublicAccessBlock } from './s3-control';

/** What an AWS sync keeps (JSON in `integrations.facts`). */
export type StoredAwsFacts = {
  accountId: string;
  root: { mfaActive: boolean; accessKeysPresent: boolean };
  /** IAM users still in the account, as the credential report shows them. */
  users: ReportUser[];
  trails: Trail[];
  publicAccessBlock: PublicAccessBlock;
  /** When AWS made the credential report the users come from (ISO). */
  reportGeneratedAt: string;
  /** When the sync read the account (ISO): key ages are counted to this day. */
  readAt: string;
};

/** An active access key older than this should be replaced (CIS AWS Foundations 1.14). */
export const KEY_MAX_AGE_DAYS = 90;

export const AWS_CHECKS = [
  {
    key: 'root-mfa',
    name: 'Root user MFA',
    description: 'Verify the AWS account’s root user signs in with multi-factor authentication.',
    task: 'aws-root-mfa',
  },
  {
    key: 'root-access-keys',
    name: 'No root access keys',
    description: 'Verify the root user has no access keys.',
    task: 'aws-no-root-access-keys',
  },
  {
    key: 'users-mfa',
    name: 'IAM users with MFA',
    description:
      'Finds IAM users who sign in to the AWS console without multi-factor authentication.',
    task: 'aws-users-mfa',
  },
  {
    key: 'old-access-keys',
    name: 'Access key rotation',
    description: `Finds active access keys older than ${KEY_MAX_AGE_DAYS} days.`,
    task: 'aws-rotate-access-keys',
  },
  {
    key: 'cloudtrail',
    name: 'CloudTrail logging',
    description: 'Verify a CloudTrail trail records activity in every region.',
    task: 'aws-cloudtrail-on',
  },
  {
    key: 's3-public-access',
    name: 'S3 Block Public Access',
    description: 'Verify all four account-level S3 Block Public Access settings are on.',
    task: 'aws-block-public-s3',
  },
] as const satisfies readonly ProviderCheck[];
export const AWS_CHECK_TASKS = checkTasksOf(AWS_CHECKS);
const task = AWS_CHECK_TASKS;

const DAY_MS = 86_400_000;

/** Whole days from `since` to `until`. */
export const daysBetween = (since: string, until: string) =>
  Math.floor((Date.parse(until) - Date.parse(since)) / DAY_MS);

/** IAM users who sign in to the console with a password and no MFA. */
export const usersWithoutMfa = (facts: StoredAwsFacts) =>
  facts.users.filter((u) => u.passwordEnabled && !u.mfaActive);

/** Active keys older than KEY_MAX_AGE_DAYS, with their user and age in days. */
export function oldAccessKeys(facts: StoredAwsFacts) {
  return facts.users.flatMap((user) =>
    user.accessKeys.flatMap((key) => {
      if (!key.active || !key.lastRotated) return [];
      const ageDays = daysBetween(key.lastRotated, facts.readAt);
      return ageDays > KEY_MAX_AGE_DAYS ? [{ user: user.name, ...key, ageDays }] : [];
    }),
  );
}

const BLOCK_SETTINGS = [
  ['blockPublicAcls', 'BlockPublicAcls'],
  ['ignorePublicAcls', 'IgnorePublicAcls'],
  ['blockPublicPolicy', 'BlockPublicPolicy'],
  ['restrictPublicBuckets', 'RestrictPublicBuckets'],
] as const;

function trailDetail(trails: readonly Trail[]): string {
  if (trails.length === 0) {
    return 'No CloudTrail trail is set up, so nothing records who does what in the account.';
  }
  const logging = trails.filter((t) => t.logging).map((t) => t.name);
  if (logging.length === 0)
    return `CloudTrail is not logging: ${listed(trails.map((t) => t.name))} stopped.`;
  return `No logging trail covers every region: ${listed(logging)} ${logging.length === 1 ? 'records' : 'record'} one region only.`;
}

/** AWS's verdicts, all on Admin tasks of the organisation. */
export function awsVerdicts(facts: StoredAwsFacts): Verdict[] {
  const passwordUsers = facts.users.filter((u) => u.passwordEnabled);
  const withoutMfa = usersWithoutMfa(facts).map((u) => u.name);
  const oldKeys = oldAccessKeys(facts);
  const block = facts.publicAccessBlock;
  const off = BLOCK_SETTINGS.filter(([k]) => !block[k]).map(([, name]) => name);
  return [
    organisationVerdict(
      task['root-mfa'],
      facts.root.mfaActive,
      'The root user of the AWS account signs in without multi-factor authentication.',
    ),
    organisationVerdict(
      task['root-access-keys'],
      !facts.root.accessKeysPresent,
      'The root user of the AWS account has an access key.',
    ),
    organisationVerdict(
      task['users-mfa'],
      withoutMfa.length === 0,
      `${withoutMfa.length} of ${passwordUsers.length} IAM users sign in without MFA: ${listed(withoutMfa)}.`,
    ),
    organisationVerdict(
      task['old-access-keys'],
      oldKeys.length === 0,
      `${oldKeys.length} active access ${oldKeys.length === 1 ? 'key is' : 'keys are'} older than ${KEY_MAX_AGE_DAYS} days: ${listed(oldKeys.map((k) => `${k.user} (${k.ageDays} days)`))}.`,
    ),
    organisationVerdict(
      task.cloudtrail,
      facts.trails.some((t) => t.multiRegion && t.logging),
      trailDetail(facts.trails),
    ),
    organisationVerdict(
      task['s3-public-access'],
      off.length === 0,
      block.configured
        ? `Account-level S3 Block Public Access is partly off: ${off.join(', ')}.`
        : 'Account-level S3 Block Public Access is not turned on.',
    ),
  ];
}
