// STS: who a key belongs to, and the temporary credentials of a role it may assume (reference §4.4).

import type { AwsCredentials } from '../../../lib/sigv4';
import type { AwsSession } from './aws-session';
import { unexpected } from './aws-session';
import { textAt } from './xml';

export type CallerIdentity = { account: string; arn: string; userId: string };

export async function callerIdentity(
  session: AwsSession,
  signal?: AbortSignal,
): Promise<CallerIdentity> {
  const result = await session.query('sts', 'GetCallerIdentity', {}, signal);
  const account = textAt(result, 'Account');
  if (!account) throw unexpected('AWS STS GetCallerIdentity', 'no Account');
  return { account, arn: textAt(result, 'Arn') ?? '', userId: textAt(result, 'UserId') ?? '' };
}

/** Castellan's reads take seconds: the shortest session STS gives is plenty. */
const SESSION_SECONDS = 900;

/** The role's temporary credentials for one sync. */
export async function assumeRole(
  session: AwsSession,
  role: { roleArn: string; externalId?: string | undefined },
  signal?: AbortSignal,
): Promise<AwsCredentials> {
  const result = await session.query(
    'sts',
    'AssumeRole',
    {
      RoleArn: role.roleArn,
      RoleSessionName: 'castellan-audit',
      DurationSeconds: String(SESSION_SECONDS),
      ExternalId: role.externalId || undefined,
    },
    signal,
  );
  const accessKeyId = textAt(result, 'Credentials', 'AccessKeyId');
  const secretAccessKey = textAt(result, 'Credentials', 'SecretAccessKey');
  const sessionToken = textAt(result, 'Credentials', 'SessionToken');
  if (!accessKeyId || !secretAccessKey || !sessionToken) {
    throw unexpected('AWS STS AssumeRole', 'no Credentials');
  }
  return { accessKeyId, secretAccessKey, sessionToken };
}
