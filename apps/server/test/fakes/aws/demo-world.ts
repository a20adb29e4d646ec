// Brightwave's AWS account: root MFA on, one IAM user signing in without MFA, one access key
// 200 days old, CloudTrail off and S3 Block Public Access never set. The fake AWS of `npm run demo`,
// of the browser tests and of `run-fake.ts aws`.
import { type DemoFake, daysAgo } from '../kit/demo-fake';
import { startFakeAws } from './fake-aws';
import { AUDITOR_KEY, type AwsWorld } from './world';

const brightwave = (): AwsWorld => ({
  accountId: '420012345678',
  root: { mfa: true, accessKeys: 0, createdAt: daysAgo(1200), passwordLastUsed: daysAgo(60) },
  users: [
    {
      name: 'castellan-audit',
      createdAt: daysAgo(1),
      password: false,
      mfa: false,
      securityAudit: true,
      accessKeys: [
        {
          id: AUDITOR_KEY.accessKeyId,
          secret: AUDITOR_KEY.secretAccessKey,
          active: true,
          createdAt: daysAgo(1),
        },
      ],
    },
    {
      name: 'alice.morgan',
      createdAt: daysAgo(700),
      password: true,
      passwordLastUsed: daysAgo(1),
      mfa: true,
      accessKeys: [],
    },
    {
      name: 'ben.carter',
      createdAt: daysAgo(500),
      password: true,
      passwordLastUsed: daysAgo(3),
      mfa: false,
      accessKeys: [],
    },
    {
      name: 'deploy-bot',
      createdAt: daysAgo(400),
      password: false,
      mfa: false,
      accessKeys: [
        {
          id: 'AKIAFAKEDEPLOYBOT001',
          secret: 'not-used-by-the-demo',
          active: true,
          createdAt: daysAgo(200),
          lastUsed: daysAgo(2),
        },
      ],
    },
  ],
  roles: [
    {
      name: 'CastellanAudit',
      trusts: ['castellan-audit'],
      externalId: 'brightwave-castellan',
      securityAudit: true,
    },
  ],
  trails: [],
  publicAccessBlock: null,
});

export const awsDemo: DemoFake = {
  defaultPort: 3198,
  async start({ port }) {
    const aws = await startFakeAws({ ...(port === undefined ? {} : { port }), world: brightwave });
    return {
      url: aws.url,
      close: aws.close,
      about: [
        `account 420012345678: paste access key ID ${AUDITOR_KEY.accessKeyId}`,
        `and secret access key ${AUDITOR_KEY.secretAccessKey}`,
        'optionally role arn:aws:iam::420012345678:role/CastellanAudit with external ID brightwave-castellan',
        `test controls: ${aws.url}/__fake/world, /__fake/requests, … (see aws/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({ AWS_API_BASE_URL: url }),
};
