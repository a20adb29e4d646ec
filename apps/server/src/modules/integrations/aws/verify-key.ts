import type { Config } from '../../../config';
import { type KeyConnect, type KeyCredentials, KeyRefused } from '../kit/key-connect';
import { openAwsAccount } from './aws-account';
import { AwsApiError } from './aws-api-error';
import { awsKeyOf } from './aws-key';
import type { AwsSessionOptions } from './aws-session';
import { accountSummary } from './iam';

const AUDIT = 'It needs the AWS-managed SecurityAudit policy attached';

/**
 * Tries a pasted key: the role it assumes when one is given, whose account it opens, and one read
 * the SecurityAudit policy allows, so a key without it is refused here rather than at the sync.
 */
export async function verifyAwsKeyWith(
  config: Config,
  credentials: KeyCredentials,
  signal: AbortSignal,
  options: AwsSessionOptions = {},
): Promise<{ accountId: string | null }> {
  const key = awsKeyOf(credentials);
  if (typeof key === 'string') throw new KeyRefused(key);
  // What was being tried when AWS refused: the role, or the read the policy allows.
  let step: 'open' | 'read' = 'open';
  try {
    const { session, accountId } = await openAwsAccount(config, key, options, signal);
    step = 'read';
    await accountSummary(session, signal);
    return { accountId };
  } catch (err) {
    if (!(err instanceof AwsApiError)) throw err;
    if (err.kind === 'invalid_token') {
      throw new KeyRefused(
        err.code === 'SignatureDoesNotMatch'
          ? 'AWS did not accept the secret access key: paste it again exactly as AWS showed it when the key was created.'
          : 'AWS does not recognise this access key: it may be deactivated or deleted. Create a new access key for the IAM user and paste it here.',
      );
    }
    if (err.kind === 'permission_missing' && step === 'open' && key.roleArn) {
      throw new KeyRefused(
        `AWS refused to let this key assume the role ${key.roleArn}: check that the role's trust policy allows the key's IAM user${key.externalId ? ' and asks for this external ID' : ''}. ${AUDIT} to the role.`,
      );
    }
    if (err.kind === 'permission_missing') {
      throw new KeyRefused(
        `The key works but may not read the account's security settings. ${AUDIT} to the ${key.roleArn ? 'role' : 'IAM user'}.`,
      );
    }
    throw err;
  }
}

export const verifyAwsKey: KeyConnect['verify'] = (config, credentials, signal) =>
  verifyAwsKeyWith(config, credentials, signal);
