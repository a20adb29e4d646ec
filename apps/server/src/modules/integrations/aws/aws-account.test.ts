import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAws, startFakeAws } from '../../../../test/fakes/aws/fake-aws';
import { AUDITOR_KEY } from '../../../../test/fakes/aws/world';
import { daysAgo } from '../../../../test/fakes/kit/demo-fake';
import type { Config } from '../../../config';
import { KeyRefused } from '../kit/key-connect';
import { readAwsAccount } from './sync';
import { verifyAwsKeyWith } from './verify-key';

const FAST = { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } };

let aws: FakeAws;
let config: Config;
beforeAll(async () => {
  aws = await startFakeAws();
  config = { integrations: { aws: { baseUrl: aws.url } } } as Config;
});
afterAll(() => aws.close());
beforeEach(() => {
  aws.reset();
  aws.update((w) => {
    w.roles.push({
      name: 'Audit',
      trusts: ['castellan-audit'],
      externalId: 'ext-1',
      securityAudit: true,
    });
  });
});

const verify = (credentials: Record<string, string>) =>
  verifyAwsKeyWith(config, credentials, AbortSignal.timeout(5_000), FAST);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof KeyRefused ? err.message : err),
  );

describe('verifyAwsKey', () => {
  it('opens the key’s account, directly or through the role', async () => {
    expect(await verify({ ...AUDITOR_KEY })).toEqual({ accountId: '111122223333' });
    expect(
      await verify({
        ...AUDITOR_KEY,
        roleArn: 'arn:aws:iam::111122223333:role/Audit',
        externalId: 'ext-1',
        region: 'eu-west-2',
      }),
    ).toEqual({ accountId: '111122223333' });
    expect(aws.requests().at(-1)).toMatchObject({ service: 'iam', action: 'GetAccountSummary' });
    expect(aws.requests().find((r) => r.action === 'AssumeRole')?.region).toBe('eu-west-2');
  });

  it('refuses with a sentence that says what is wrong', async () => {
    expect(await refusal(verify({ accessKeyId: 'nope', secretAccessKey: 'x' }))).toMatch(
      /start with AKIA/,
    );
    expect(await refusal(verify({ ...AUDITOR_KEY, region: 'moon-1; evil.com' }))).toMatch(/region/);
    expect(
      await refusal(
        verify({ accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'x'.repeat(40) }),
      ),
    ).toMatch(/does not recognise this access key/);
    expect(await refusal(verify({ ...AUDITOR_KEY, secretAccessKey: 'y'.repeat(40) }))).toMatch(
      /did not accept the secret access key/,
    );
    expect(
      await refusal(
        verify({
          ...AUDITOR_KEY,
          roleArn: 'arn:aws:iam::111122223333:role/Audit',
          externalId: 'bad',
        }),
      ),
    ).toMatch(/refused to let this key assume the role .* SecurityAudit policy/);
    aws.update((w) => {
      w.users = w.users.map((u, i) => (i === 0 ? { ...u, securityAudit: false } : u));
    });
    expect(await refusal(verify({ ...AUDITOR_KEY }))).toMatch(
      /may not read .* SecurityAudit policy .* IAM user/,
    );
  });
});

describe('readAwsAccount', () => {
  it('keeps the facts the verdicts need, leaving out users deleted since the report', async () => {
    aws.update((w) => {
      w.root.mfa = false;
      w.users.push({
        name: 'bob',
        createdAt: daysAgo(300),
        password: true,
        mfa: false,
        accessKeys: [
          { id: 'AKIAFAKEBOB000000001', secret: 's', active: true, createdAt: daysAgo(200) },
        ],
      });
      w.trails = [];
      w.publicAccessBlock = null;
    });
    const input = {
      tokens: {
        accessToken: JSON.stringify({ ...AUDITOR_KEY }),
        refreshToken: null,
        expiresAt: null,
      },
      organization: { id: 'org-1', domain: 'example.com' },
      now: new Date(),
      signal: AbortSignal.timeout(5_000),
    } as Parameters<typeof readAwsAccount>[1];
    const ctx = { config } as Parameters<typeof readAwsAccount>[0];
    await readAwsAccount(ctx, input, { ...FAST, report: { pollMs: 1 } });
    aws.update((w) => {
      w.users = w.users.filter((u) => u.name !== 'alice');
    });
    const facts = await readAwsAccount(ctx, input, { ...FAST, report: { pollMs: 1 } });
    expect(facts).toMatchObject({
      accountId: '111122223333',
      root: { mfaActive: false, accessKeysPresent: false },
      trails: [],
      publicAccessBlock: { configured: false },
    });
    expect(facts.users.map((u) => u.name)).toEqual(['castellan-audit', 'bob']);
    expect(facts.users[1]?.accessKeys[0]).toMatchObject({ slot: 1, active: true });
  });

  it('refuses a stored key that is not one as an invalid token', async () => {
    const input = {
      tokens: { accessToken: '{}', refreshToken: null, expiresAt: null },
      organization: { id: 'org-1', domain: 'example.com' },
      now: new Date(),
      signal: AbortSignal.timeout(5_000),
    } as Parameters<typeof readAwsAccount>[1];
    await expect(
      readAwsAccount({ config } as Parameters<typeof readAwsAccount>[0], input),
    ).rejects.toMatchObject({
      kind: 'invalid_token',
    });
  });
});
