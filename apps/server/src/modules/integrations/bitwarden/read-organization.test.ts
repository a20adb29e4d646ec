import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitwardenDemo } from '../../../../test/fakes/bitwarden/demo-world';
import type { StartedDemoFake } from '../../../../test/fakes/kit/demo-fake';
import { loadConfig } from '../../../config';
import type { SyncContext } from '../kit/sync-runner';
import { BitwardenApiError } from './bitwarden-api-error';
import type { StoredBitwardenFacts } from './facts';
import { readBitwarden } from './read-organization';
import { bitwardenVerdicts } from './verdicts';

let demo: StartedDemoFake;
let ctx: SyncContext;
beforeAll(async () => {
  demo = await bitwardenDemo.start({ port: 0, appUrl: 'http://localhost:3000' });
  ctx = { config: loadConfig(bitwardenDemo.serverEnv(demo.url)) } as SyncContext;
});
afterAll(() => demo.close());

/** The key the demo prints for an administrator to paste. */
const demoKey = () => {
  const line = demo.about.find((l) => l.startsWith('API key'));
  const [, clientId = '', clientSecret = ''] =
    /client_id (\S+), client_secret (\S+),/.exec(line ?? '') ?? [];
  return { clientId, clientSecret, region: 'eu' };
};
const read = (credentials: Record<string, string>) =>
  readBitwarden(ctx, {
    row: {} as never,
    tokens: { accessToken: JSON.stringify(credentials), refreshToken: null, expiresAt: null },
    organization: { id: 'castellan-org', domain: 'brightwave.example' },
    saveTokens: async () => undefined,
    now: new Date(),
    signal: AbortSignal.timeout(10_000),
  }) as Promise<StoredBitwardenFacts>;

describe('reading a Bitwarden organisation (the demo world)', () => {
  it('keeps the members, the policies Castellan judges and the counts', async () => {
    const facts = await read(demoKey());
    expect(facts.organizationId).toBe('6b1d9f3a-2c47-4e8b-a5d0-7f3e91c2b864');
    expect(facts.members).toHaveLength(8);
    expect(facts.members[0]).toEqual({
      email: 'alice.morgan@brightwave.example',
      name: 'Alice Morgan',
      status: 'confirmed',
      role: 'owner',
      twoStepLogin: true,
    });
    expect(facts.policies.twoStepRequired).toBe(false);
    expect(facts.policies.masterPassword).toMatchObject({ minLength: 14, enforceOnLogin: true });
    expect(facts.counts).toEqual({ members: 6, withTwoStep: 3, invited: 1, revoked: 1 });
  });

  it('judges the demo members as the demo intends', async () => {
    const facts = await read(demoKey());
    const verdicts = bitwardenVerdicts(facts, [
      { id: 'alice', email: 'alice.morgan@brightwave.example' },
      { id: 'emma', email: 'emma.fischer@brightwave.example' },
      { id: 'farid', email: 'farid.ghani@brightwave.example' },
      { id: 'hiro', email: 'hiro.ito@brightwave.example' },
    ]);
    expect(verdicts.map((v) => `${v.userId ?? 'org'} ${v.verdict}`)).toEqual([
      'alice pass',
      'emma fail',
      'farid fail',
      'hiro fail',
      'org fail',
    ]);
    expect(verdicts.at(-1)?.detail).toBe(
      'Two-step login is not required; 3 of 6 members have it on.',
    );
  });

  it('reads a damaged stored key as invalid_token, without calling Bitwarden', async () => {
    const err = await read({ clientId: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BitwardenApiError);
    expect((err as BitwardenApiError).kind).toBe('invalid_token');
  });
});
