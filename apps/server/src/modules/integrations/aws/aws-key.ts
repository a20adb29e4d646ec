// The key an administrator pastes (the contract's connect fields), checked for shape before any
// call: the region becomes part of a host name, so only a real region name passes.
import type { KeyCredentials } from '../kit/key-connect';
import { DEFAULT_REGION, REGION } from './aws-endpoints';

export type AwsKey = {
  accessKeyId: string;
  secretAccessKey: string;
  roleArn: string | null;
  externalId: string | null;
  region: string;
};

const ACCESS_KEY_ID = /^(AKIA|ASIA)[A-Z0-9]{12,124}$/;
const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;
const EXTERNAL_ID = /^[\w+=,.@:/-]{2,1224}$/;

/** The key, or the sentence that says what is wrong with it. */
export function awsKeyOf(c: KeyCredentials): AwsKey | string {
  const accessKeyId = (c.accessKeyId ?? '').trim();
  const secretAccessKey = (c.secretAccessKey ?? '').trim();
  const roleArn = (c.roleArn ?? '').trim() || null;
  const externalId = (c.externalId ?? '').trim() || null;
  const region = (c.region ?? '').trim() || DEFAULT_REGION;
  if (!ACCESS_KEY_ID.test(accessKeyId)) {
    return 'The access key ID should start with AKIA, as AWS shows it when the key is created.';
  }
  if (secretAccessKey.length < 16) return 'Paste the secret access key that came with this key.';
  if (roleArn && !ROLE_ARN.test(roleArn)) {
    return 'The role ARN should look like arn:aws:iam::123456789012:role/CastellanAudit.';
  }
  if (externalId && !EXTERNAL_ID.test(externalId)) {
    return 'The external ID may only hold letters, digits and + = , . @ : / -.';
  }
  if (!REGION.test(region)) return 'The region should be an AWS region name such as eu-west-2.';
  return { accessKeyId, secretAccessKey, roleArn, externalId, region };
}
