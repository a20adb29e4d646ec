// S3 Control (reference §4.6): the account-wide Block Public Access settings. None set answers
// 404 NoSuchPublicAccessBlockConfiguration, which means all four are off.
import { isAwsCode } from './aws-api-error';
import type { AwsSession } from './aws-session';
import { unexpected } from './aws-session';
import { textAt } from './xml';

export type PublicAccessBlock = {
  /** Whether the account has the settings at all. */
  configured: boolean;
  blockPublicAcls: boolean;
  ignorePublicAcls: boolean;
  blockPublicPolicy: boolean;
  restrictPublicBuckets: boolean;
};

const PATH = '/v20180820/configuration/publicAccessBlock';

export async function publicAccessBlock(
  session: AwsSession,
  accountId: string,
  signal?: AbortSignal,
): Promise<PublicAccessBlock> {
  try {
    const root = await session.s3Control(PATH, accountId, signal);
    if (root.name !== 'PublicAccessBlockConfiguration') {
      throw unexpected('AWS S3 Control GetPublicAccessBlock', `a <${root.name}> answer`);
    }
    const flag = (name: string) => textAt(root, name)?.toLowerCase() === 'true';
    return {
      configured: true,
      blockPublicAcls: flag('BlockPublicAcls'),
      ignorePublicAcls: flag('IgnorePublicAcls'),
      blockPublicPolicy: flag('BlockPublicPolicy'),
      restrictPublicBuckets: flag('RestrictPublicBuckets'),
    };
  } catch (err) {
    if (!isAwsCode(err, 'NoSuchPublicAccessBlockConfiguration')) throw err;
    return {
      configured: false,
      blockPublicAcls: false,
      ignorePublicAcls: false,
      blockPublicPolicy: false,
      restrictPublicBuckets: false,
    };
  }
}
