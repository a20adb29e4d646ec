// Opens a session on the account a stored key reads: as the key's user, or as the role it
// assumes. Both the connect form's check and the sync start here.
import type { Config } from '../../../config';
import { awsClientConfig } from './aws-endpoints';
import type { AwsKey } from './aws-key';
import { AwsSession, type AwsSessionOptions } from './aws-session';
import { assumeRole, callerIdentity } from './sts';

export type AwsAccount = { session: AwsSession; accountId: string; arn: string };

export async function openAwsAccount(
  config: Config,
  key: AwsKey,
  options: AwsSessionOptions & { timeoutMs?: number },
  signal?: AbortSignal,
): Promise<AwsAccount> {
  const cfg = {
    ...awsClientConfig(config, key.region),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  const own = { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey };
  let session = new AwsSession(cfg, own, options);
  if (key.roleArn) {
    const role = { roleArn: key.roleArn, externalId: key.externalId ?? undefined };
    session = session.with(await assumeRole(session, role, signal), options);
  }
  const identity = await callerIdentity(session, signal);
  return { session, accountId: identity.account, arn: identity.arn };
}
