import { describe, expect, it } from 'vitest';
import type { ReportUser } from './credential-report';
import { awsVerdicts, type StoredAwsFacts } from './verdicts';

const READ_AT = '2026-11-20T08:00:00.000Z';
const daysBefore = (days: number) =>
  new Date(Date.parse(READ_AT) - days * 86_400_000).toISOString();

const user = (name: string, over: Partial<ReportUser> = {}): ReportUser => ({
  name,
  arn: `arn:aws:iam::111122223333:user/${name}`,
  passwordEnabled: true,
  passwordLastUsed: null,
  mfaActive: true,
  accessKeys: [],
  ...over,
});

const good: StoredAwsFacts = {
  accountId: '111122223333',
  root: { mfaActive: true, accessKeysPresent: false },
  users: [user('alice'), user('bot', { passwordEnabled: false, mfaActive: false })],
  trails: [
    {
      name: 'main',
      arn: 'arn:x',
      homeRegion: 'us-east-1',
      multiRegion: true,
      organizationTrail: false,
      logging: true,
    },
  ],
  publicAccessBlock: {
    configured: true,
    blockPublicAcls: true,
    ignorePublicAcls: true,
    blockPublicPolicy: true,
    restrictPublicBuckets: true,
  },
  reportGeneratedAt: READ_AT,
  readAt: READ_AT,
};

const byTask = (facts: StoredAwsFacts) =>
  Object.fromEntries(
    awsVerdicts(facts).map((v) => [v.catalogueId, v.verdict === 'pass' ? 'pass' : v.detail]),
  );

describe('awsVerdicts', () => {
  it('passes all six organisation tasks of a well-kept account', () => {
    const verdicts = awsVerdicts(good);
    expect(verdicts.map((v) => v.catalogueId)).toEqual([
      'aws-root-mfa',
      'aws-no-root-access-keys',
      'aws-users-mfa',
      'aws-rotate-access-keys',
      'aws-cloudtrail-on',
      'aws-block-public-s3',
    ]);
    expect(verdicts.every((v) => v.verdict === 'pass' && v.userId === null)).toBe(true);
  });

  it('names the users without MFA and the old keys with their age', () => {
    const facts: StoredAwsFacts = {
      ...good,
      root: { mfaActive: false, accessKeysPresent: true },
      users: [
        user('alice', { mfaActive: false }),
        user('bob', { mfaActive: false }),
        user('carol'),
        user('bot', {
          passwordEnabled: false,
          mfaActive: false,
          accessKeys: [
            { slot: 1, active: true, lastRotated: daysBefore(200), lastUsed: null },
            { slot: 2, active: false, lastRotated: daysBefore(400), lastUsed: null },
          ],
        }),
        user('fresh', {
          accessKeys: [{ slot: 1, active: true, lastRotated: daysBefore(90), lastUsed: null }],
        }),
      ],
    };
    expect(byTask(facts)).toMatchObject({
      'aws-root-mfa':
        'The root user of the AWS account signs in without multi-factor authentication.',
      'aws-no-root-access-keys': 'The root user of the AWS account has an access key.',
      'aws-users-mfa': '2 of 4 IAM users sign in without MFA: alice, bob.',
      'aws-rotate-access-keys': '1 active access key is older than 90 days: bot (200 days).',
    });
  });

  it('wants one multi-region trail that is logging', () => {
    const [trail] = good.trails;
    if (!trail) throw new Error('no trail');
    expect(byTask({ ...good, trails: [] })['aws-cloudtrail-on']).toMatch(
      /^No CloudTrail trail is set up/,
    );
    expect(byTask({ ...good, trails: [{ ...trail, logging: false }] })['aws-cloudtrail-on']).toBe(
      'CloudTrail is not logging: main stopped.',
    );
    expect(
      byTask({ ...good, trails: [{ ...trail, multiRegion: false }] })['aws-cloudtrail-on'],
    ).toBe('No logging trail covers every region: main records one region only.');
  });

  it('wants all four Block Public Access settings', () => {
    const none = {
      ...good.publicAccessBlock,
      configured: false,
      blockPublicAcls: false,
      ignorePublicAcls: false,
      blockPublicPolicy: false,
      restrictPublicBuckets: false,
    };
    expect(byTask({ ...good, publicAccessBlock: none })['aws-block-public-s3']).toBe(
      'Account-level S3 Block Public Access is not turned on.',
    );
    expect(
      byTask({
        ...good,
        publicAccessBlock: { ...good.publicAccessBlock, blockPublicPolicy: false },
      })['aws-block-public-s3'],
    ).toBe('Account-level S3 Block Public Access is partly off: BlockPublicPolicy.');
  });
});
