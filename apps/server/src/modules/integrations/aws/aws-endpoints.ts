// Where each AWS service is called and how it is signed (integrations-reference-2 §4.2–4.3).
// With AWS_API_BASE_URL every call goes to that one origin on the same path, still signed for the
// real service and region.
import type { Config } from '../../../config';

export type AwsClientConfig = {
  /** null → AWS's own hosts; else one origin serving every service (tests, the demo). */
  baseUrl: string | null;
  /** The region of STS, CloudTrail and S3 Control calls. */
  region: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
};

export const DEFAULT_REGION = 'us-east-1';
export const DEFAULT_TIMEOUT_MS = 15_000;

/** A region name as AWS spells them (`eu-west-2`, `us-gov-west-1`): it becomes part of a host. */
export const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
export const ACCOUNT_ID = /^\d{12}$/;

export type AwsService = 'iam' | 'sts' | 'cloudtrail' | 's3-control';

/** The real host of a service; S3 Control's carries the account id. */
function hostOf(service: AwsService, region: string, accountId?: string): string {
  switch (service) {
    case 'iam':
      return 'iam.amazonaws.com';
    case 'sts':
      return `sts.${region}.amazonaws.com`;
    case 'cloudtrail':
      return `cloudtrail.${region}.amazonaws.com`;
    case 's3-control':
      if (!accountId || !ACCOUNT_ID.test(accountId))
        throw new Error('S3 Control needs the account id');
      return `${accountId}.s3-control.${region}.amazonaws.com`;
  }
}

/** The signing name and region of a service. S3 Control signs as `s3` [reference: MEM]. */
export function signingOf(service: AwsService, region: string) {
  switch (service) {
    case 'iam':
      return { service: 'iam', region: 'us-east-1' };
    case 's3-control':
      return { service: 's3', region };
    default:
      return { service, region };
  }
}

export function awsUrl(
  cfg: AwsClientConfig,
  service: AwsService,
  path: string,
  accountId?: string,
): URL {
  if (!REGION.test(cfg.region)) throw new Error(`not an AWS region: ${cfg.region}`);
  const origin = cfg.baseUrl ?? `https://${hostOf(service, cfg.region, accountId)}`;
  return new URL(`${origin.replace(/\/+$/, '')}${path}`);
}

/** This server's AWS settings for a key's region. */
export const awsClientConfig = (config: Config, region: string): AwsClientConfig => ({
  baseUrl: config.integrations.aws.baseUrl,
  region,
});
