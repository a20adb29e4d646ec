import type { ProviderAdapter } from '../kit/adapter';
import { awsRoutes } from './routes';
import { AWS_FAILURE, judgeAws, readAws } from './sync';
import { AWS_CHECKS } from './verdicts';
import { verifyAwsKey } from './verify-key';

export const aws: ProviderAdapter = {
  id: 'aws',
  // Nothing to set up on the server: each organisation pastes its own key.
  configured: () => true,
  unavailableReason: 'AWS cannot be connected on this server.',
  card: {
    description:
      'Checks the security basics of your AWS account: root user protection, MFA and old access keys of IAM users, CloudTrail logging and S3 public access.',
  },
  access: {
    reads: [
      'Whether the root user has MFA and access keys, from the account summary.',
      'The IAM credential report: each IAM user’s name, whether they sign in with a password and MFA, and the age and last use of their access keys.',
      'The CloudTrail trails: their names, the regions they cover and whether they are logging.',
      'The account-level S3 Block Public Access settings.',
    ],
    cannotRead: [
      'The contents of your S3 buckets, databases, secrets or any other resource.',
      'Passwords and secret keys: the credential report only says whether they exist and how old they are.',
    ],
    changes: [],
  },
  checks: AWS_CHECKS,
  failures: AWS_FAILURE,
  read: readAws,
  judge: (db, row) => judgeAws(db, row),
  keyConnect: { verify: verifyAwsKey },
  routes: awsRoutes,
};
