import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAws, startFakeAws } from '../../../../test/fakes/aws/fake-aws';
import { AUDITOR_KEY } from '../../../../test/fakes/aws/world';
import { daysAgo } from '../../../../test/fakes/kit/demo-fake';
import { signRequest } from '../../../lib/sigv4';
import type { AwsApiError } from './aws-api-error';
import { AwsSession } from './aws-session';
import { trails } from './cloudtrail';
import { parseCredentialReport } from './credential-report';
import { accountSummary, credentialReport, userNames } from './iam';
import { publicAccessBlock } from './s3-control';
import { assumeRole, callerIdentity } from './sts';

const FAST = { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } };

let aws: FakeAws;
beforeAll(async () => {
  aws = await startFakeAws();
});
afterAll(() => aws.close());
beforeEach(() => aws.reset());

const session = (credentials = AUDITOR_KEY, region = 'us-east-1') =>
  new AwsSession({ baseUrl: aws.url, region, timeoutMs: 5_000 }, credentials, FAST);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: AwsApiError) => ({ kind: err.kind, code: err.code }),
  );

describe('STS', () => {
  it('names the account and user of a key', async () => {
    expect(await callerIdentity(session())).toEqual({
      account: '111122223333',
      arn: 'arn:aws:iam::111122223333:user/castellan-audit',
      userId: AUDITOR_KEY.accessKeyId,
    });
    expect(aws.requests()[0]).toMatchObject({
      service: 'sts',
      region: 'us-east-1',
      action: 'GetCallerIdentity',
    });
  });

  it('assumes a role with its external id, and signs with the session token after', async () => {
    aws.update((w) => {
      w.roles.push({
        name: 'Audit',
        trusts: ['castellan-audit'],
        externalId: 'ext-1',
        securityAudit: true,
      });
    });
    const role = { roleArn: 'arn:aws:iam::111122223333:role/Audit', externalId: 'ext-1' };
    const temporary = await assumeRole(session(), role);
    expect(temporary.accessKeyId).toMatch(/^ASIA/);
    const assumed = session().with(temporary, FAST);
    expect((await callerIdentity(assumed)).arn).toBe(
      'arn:aws:sts::111122223333:assumed-role/Audit/castellan-audit',
    );
    expect(await failure(assumeRole(session(), { ...role, externalId: 'wrong' }))).toEqual({
      kind: 'permission_missing',
      code: 'AccessDenied',
    });
    aws.expireTemporaryKeys();
    expect(await failure(callerIdentity(assumed))).toEqual({
      kind: 'invalid_token',
      code: 'ExpiredToken',
    });
  });

  it('tells an unknown key, a wrong secret and a skewed clock apart', async () => {
    const unknown = { accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'x'.repeat(40) };
    expect(await failure(callerIdentity(session(unknown)))).toEqual({
      kind: 'invalid_token',
      code: 'InvalidClientTokenId',
    });
    const wrong = { ...AUDITOR_KEY, secretAccessKey: 'y'.repeat(40) };
    expect(await failure(callerIdentity(session(wrong)))).toEqual({
      kind: 'invalid_token',
      code: 'SignatureDoesNotMatch',
    });
    aws.setClockOffsetMs(10 * 60_000);
    expect(await failure(callerIdentity(session()))).toEqual({
      kind: 'failed',
      code: 'RequestExpired',
    });
  });
});

describe('IAM', () => {
  it('reads root MFA and keys from the account summary', async () => {
    aws.update((w) => {
      w.root.accessKeys = 1;
    });
    const summary = await accountSummary(session());
    expect(summary.get('AccountMFAEnabled')).toBe(1);
    expect(summary.get('AccountAccessKeysPresent')).toBe(1);
  });

  it('waits for the credential report through its states, then reads its CSV', async () => {
    const fake = await startFakeAws({ reportPolls: 2 });
    try {
      const s = new AwsSession({ baseUrl: fake.url, region: 'us-east-1' }, AUDITOR_KEY, FAST);
      const report = await credentialReport(s, { pollMs: 1 });
      expect(fake.requests().map((r) => `${r.action} ${r.status}`)).toEqual([
        'GenerateCredentialReport 200',
        'GetCredentialReport 404',
        'GetCredentialReport 404',
        'GetCredentialReport 200',
      ]);
      const parsed = parseCredentialReport(report.csv);
      expect(parsed.root?.mfaActive).toBe(true);
      expect(parsed.users.map((u) => [u.name, u.passwordEnabled, u.mfaActive])).toEqual([
        ['castellan-audit', false, false],
        ['alice', true, true],
      ]);
      expect(parsed.users[0]?.accessKeys).toHaveLength(1);
      // Gone: asked for again, once.
      fake.dropReport();
      fake.clearRequests();
      fake.update((w) => {
        w.users = w.users.map((u) => (u.name === 'alice' ? { ...u, mfa: false } : u));
      });
      const again = parseCredentialReport((await credentialReport(s, { pollMs: 1 })).csv);
      expect(again.users[1]?.mfaActive).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it('gives up on a report that takes too long, as AWS being unavailable for now', async () => {
    const fake = await startFakeAws({ reportPolls: 50 });
    try {
      const s = new AwsSession({ baseUrl: fake.url, region: 'us-east-1' }, AUDITOR_KEY, FAST);
      expect(await failure(credentialReport(s, { pollMs: 5, maxWaitMs: 30 }))).toEqual({
        kind: 'unavailable',
        code: 'ReportInProgress',
      });
    } finally {
      await fake.close();
    }
  });

  it('lists every user through IsTruncated and Marker', async () => {
    aws.update((w) => {
      for (let i = 0; i < 5; i += 1) {
        w.users.push({
          name: `user+${i}`,
          createdAt: daysAgo(1),
          password: true,
          mfa: true,
          accessKeys: [],
        });
      }
    });
    expect(await userNames(session(), 2)).toEqual([
      'castellan-audit',
      'alice',
      'user+0',
      'user+1',
      'user+2',
      'user+3',
      'user+4',
    ]);
    expect(aws.requests().filter((r) => r.action === 'ListUsers')).toHaveLength(4);
  });

  it('retries a throttled call and reports a lasting throttle as rate_limited', async () => {
    aws.failNext('iam/GetAccountSummary', 'throttle', { times: 2 });
    expect((await accountSummary(session())).get('AccountMFAEnabled')).toBe(1);
    expect(aws.requests().map((r) => r.status)).toEqual([400, 400, 200]);
    aws.failNext('iam/', 'throttle', { times: 3 });
    expect(await failure(accountSummary(session()))).toEqual({
      kind: 'rate_limited',
      code: 'Throttling',
    });
    aws.failNext('iam/', 'unavailable', { times: 3 });
    expect(await failure(accountSummary(session()))).toEqual({
      kind: 'unavailable',
      code: 'ServiceUnavailable',
    });
  });

  it('reports a key without SecurityAudit as a missing permission', async () => {
    aws.update((w) => {
      w.users = w.users.map((u, i) => (i === 0 ? { ...u, securityAudit: false } : u));
    });
    expect(await failure(accountSummary(session()))).toEqual({
      kind: 'permission_missing',
      code: 'AccessDenied',
    });
  });
});

describe('CloudTrail', () => {
  it('reads the region’s trails and the shadows of multi-region ones, each with its status', async () => {
    aws.update((w) => {
      w.trails = [
        { name: 'org', homeRegion: 'eu-west-1', multiRegion: true, logging: true },
        { name: 'local', homeRegion: 'us-east-1', multiRegion: false, logging: false },
        { name: 'elsewhere', homeRegion: 'ap-south-1', multiRegion: false, logging: true },
      ];
    });
    expect(await trails(session())).toEqual([
      {
        name: 'org',
        arn: 'arn:aws:cloudtrail:eu-west-1:111122223333:trail/org',
        homeRegion: 'eu-west-1',
        multiRegion: true,
        organizationTrail: false,
        logging: true,
      },
      {
        name: 'local',
        arn: 'arn:aws:cloudtrail:us-east-1:111122223333:trail/local',
        homeRegion: 'us-east-1',
        multiRegion: false,
        organizationTrail: false,
        logging: false,
      },
    ]);
  });

  it('answers the long X-Amz-Target form too, and JSON errors with __type', async () => {
    const call = async (target: string, body: object) => {
      const url = new URL(`${aws.url}/`);
      const text = JSON.stringify(body);
      const headers = signRequest({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
        body: text,
        service: 'cloudtrail',
        region: 'us-east-1',
        credentials: AUDITOR_KEY,
        now: new Date(),
      });
      const res = await fetch(url, { method: 'POST', headers, body: text });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const long = await call(
      'com.amazonaws.cloudtrail.v20131101.CloudTrail_20131101.DescribeTrails',
      {},
    );
    expect(long.status).toBe(200);
    expect(long.body.trailList).toHaveLength(1);
    const missing = await call('CloudTrail_20131101.GetTrailStatus', { Name: 'nope' });
    expect(missing).toMatchObject({ status: 400, body: { __type: 'TrailNotFoundException' } });
    const throttled = session();
    aws.failNext('cloudtrail/', 'throttle', { times: 3 });
    expect(await failure(trails(throttled))).toEqual({
      kind: 'rate_limited',
      code: 'ThrottlingException',
    });
  });
});

describe('S3 Control', () => {
  it('reads the four settings, and a 404 as none set', async () => {
    expect(await publicAccessBlock(session(), '111122223333')).toEqual({
      configured: true,
      blockPublicAcls: true,
      ignorePublicAcls: true,
      blockPublicPolicy: true,
      restrictPublicBuckets: true,
    });
    aws.update((w) => {
      w.publicAccessBlock = null;
    });
    expect(await publicAccessBlock(session(), '111122223333')).toMatchObject({
      configured: false,
      blockPublicAcls: false,
    });
    const last = aws.requests().at(-1);
    expect(last).toMatchObject({ service: 's3', status: 404 });
  });

  it('refuses an unknown key with S3’s own code', async () => {
    const unknown = { accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'x'.repeat(40) };
    expect(await failure(publicAccessBlock(session(unknown), '111122223333'))).toEqual({
      kind: 'invalid_token',
      code: 'InvalidAccessKeyId',
    });
  });
});
