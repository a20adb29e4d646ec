import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeBitwarden,
  startFakeBitwarden,
} from '../../../../test/fakes/bitwarden/fake-bitwarden';
import { loadConfig } from '../../../config';
import { KeyRefused } from '../kit/key-connect';
import { BitwardenApiError } from './bitwarden-api-error';
import { verifyBitwardenKey } from './verify-key';

let fake: FakeBitwarden;
let config: ReturnType<typeof loadConfig>;
beforeAll(async () => {
  fake = await startFakeBitwarden();
  config = loadConfig({ BITWARDEN_API_BASE_URL: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const verify = (patch: Record<string, string> = {}) =>
  verifyBitwardenKey(config, { ...fake.key, region: 'eu', ...patch }, AbortSignal.timeout(10_000));
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof KeyRefused ? err.message : err),
  );

describe('verifyBitwardenKey', () => {
  it('opens the organisation named by the client_id with one token request', async () => {
    expect(await verify()).toEqual({ accountId: '3f0c2b8e-7d41-4c6a-9e25-b1a8d0f4c973' });
    expect(fake.requests().map((r) => r.path)).toEqual(['/connect/token']);
  });

  it('refuses a key Bitwarden does not accept, saying where the right one is', async () => {
    const message = await refusal(verify({ clientSecret: 'not-the-secret' }));
    expect(message).toMatch(/^Bitwarden did not accept this API key\./);
    expect(message).toMatch(/Admin Console open Settings → Organization info → API key/);
    expect(message).toMatch(/Teams or Enterprise/);
    fake.setApiEnabled(false);
    expect(await refusal(verify())).toMatch(/^Bitwarden did not accept/);
  });

  it('refuses a personal key, a malformed client_id, no secret or no cloud before asking Bitwarden', async () => {
    expect(
      await refusal(verify({ clientId: 'user.3f0c2b8e-7d41-4c6a-9e25-b1a8d0f4c973' })),
    ).toMatch(/personal API key/);
    expect(await refusal(verify({ clientId: 'organization.nope' }))).toMatch(/should look like/);
    expect(await refusal(verify({ clientSecret: ' ' }))).toMatch(/client_secret too/);
    expect(await refusal(verify({ region: 'mars' }))).toMatch(/US or EU/);
    expect(fake.requests()).toEqual([]);
  });

  it('lets a Bitwarden that does not answer be told apart from a refused key', async () => {
    fake.failNext('/connect/token', 503, { times: 2 });
    const err = await verify().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BitwardenApiError);
    expect((err as BitwardenApiError).kind).toBe('unavailable');
  });
});
