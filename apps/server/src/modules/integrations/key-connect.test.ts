import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAws, startFakeAws } from '../../../test/fakes/aws/fake-aws';
import { AUDITOR_KEY } from '../../../test/fakes/aws/world';
import {
  type FakeBitwarden,
  startFakeBitwarden,
} from '../../../test/fakes/bitwarden/fake-bitwarden';
import { syncAs } from '../../../test/integration-test-kit';
import { ALICE, BEN, createTestApp, expectError, type TestApp } from '../../../test/test-app';
import { findIntegrationRow } from './kit/repository';
import { syncOf } from './syncs';

const ORIGIN = { origin: 'http://localhost:3000' };

describe('connecting a provider with a pasted key (fake Bitwarden and AWS)', () => {
  let bitwarden: FakeBitwarden;
  let aws: FakeAws;
  let server: TestApp;

  beforeAll(async () => {
    [bitwarden, aws] = await Promise.all([startFakeBitwarden(), startFakeAws()]);
    server = await createTestApp('pglite', {
      seed: true,
      env: { BITWARDEN_API_BASE_URL: bitwarden.url, AWS_API_BASE_URL: aws.url },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([bitwarden?.close(), aws?.close()]);
  });

  const connect = (cookie: string, id: string, credentials: Record<string, unknown>) =>
    server.inject({
      method: 'POST',
      url: `/api/integrations/${id}/connect`,
      headers: { cookie, ...ORIGIN },
      payload: { credentials },
    });
  const get = (url: string, cookie: string) => server.inject({ url, headers: { cookie } });
  const taskIds = async (cookie: string) =>
    new Set(
      (await get('/api/actions?scope=organization', cookie))
        .json()
        .tasks.map((t: { catalogueId: string }) => t.catalogueId),
    );
  const organizationOf = async (cookie: string): Promise<string> =>
    (await get('/api/organization', cookie)).json().id;

  it('tries the Bitwarden key, keeps it sealed, syncs, and shows the Bitwarden task only then', async () => {
    const alice = await server.signIn(ALICE);
    expect((await taskIds(alice)).has('require-password-manager-two-step')).toBe(false);

    const res = await connect(alice, 'bitwarden', { ...bitwarden.key, region: 'eu' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'bitwarden', status: 'connected' });
    const row = await findIntegrationRow(
      server.database.db,
      await organizationOf(alice),
      'bitwarden',
    );
    // Sealed: the secret is nowhere in the stored row.
    expect(JSON.stringify(row)).not.toContain(bitwarden.key.clientSecret);

    await syncAs(server, syncOf('bitwarden'), alice);
    const tasks = (await get('/api/actions?scope=organization', alice)).json().tasks;
    const twoStep = tasks.find(
      (t: { catalogueId: string }) => t.catalogueId === 'require-password-manager-two-step',
    );
    expect(twoStep).toMatchObject({
      isCompleted: false,
      evidence: [expect.objectContaining({ source: 'bitwarden', verdict: 'fail' })],
    });
    const card = (await get('/api/integrations', alice)).json().bitwarden;
    expect(card.status).toBe('connected');
    expect(card.lastScan).not.toBeNull();
  });

  it('refuses a key Bitwarden does not accept, saying what to do, and saves nothing', async () => {
    const alice = await server.signIn(ALICE);
    await server.inject({
      method: 'DELETE',
      url: '/api/integrations/bitwarden',
      headers: { cookie: alice, ...ORIGIN },
    });
    const wrong = await connect(alice, 'bitwarden', {
      ...bitwarden.key,
      clientSecret: 'not-the-secret',
      region: 'us',
    });
    expect(expectError(wrong, 400)).toMatch(/Bitwarden did not accept this API key/);
    const card = (await get('/api/integrations', alice)).json().bitwarden;
    expect(card.status).toBe('available');
  });

  it('says which field is wrong before asking the provider', async () => {
    const alice = await server.signIn(ALICE);
    bitwarden.clearRequests();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ clientSecret: 'x', region: 'us' }, /Client ID: enter it/],
      [{ clientId: 'user.abc', clientSecret: 'x', region: 'us' }, /personal key/],
      [{ ...bitwarden.key, region: 'mars' }, /Bitwarden server: choose one of us, eu/],
      [{ ...bitwarden.key, region: 'us', extra: 'x' }, /Unknown field: extra/],
    ];
    for (const [credentials, message] of cases) {
      expect(expectError(await connect(alice, 'bitwarden', credentials), 400)).toMatch(message);
    }
    expect(expectError(await connect(alice, 'bitwarden', { clientId: 7 }), 400)).toMatch(
      /credentials\.clientId/,
    );
    expect(expectError(await connect(alice, 'gws', { key: 'x' }), 400)).toMatch(
      /not connected with a key/,
    );
    expect(bitwarden.requests()).toEqual([]);
  });

  it('says so when Bitwarden does not answer, and saves nothing', async () => {
    const alice = await server.signIn(ALICE);
    await server.inject({
      method: 'DELETE',
      url: '/api/integrations/bitwarden',
      headers: { cookie: alice, ...ORIGIN },
    });
    bitwarden.failNext('/connect/token', 503, { times: 10 });
    const res = await connect(alice, 'bitwarden', { ...bitwarden.key, region: 'us' });
    expect(expectError(res, 503)).toMatch(/did not answer in time.*Nothing was saved/);
    expect((await get('/api/integrations', alice)).json().bitwarden.status).toBe('available');
    bitwarden.reset();
  });

  it('lets only administrators connect', async () => {
    const ben = await server.signIn(BEN);
    expectError(await connect(ben, 'bitwarden', { ...bitwarden.key, region: 'us' }), 403);
  });

  it('connects AWS with an access key and shows its cloud tasks once read', async () => {
    const alice = await server.signIn(ALICE);
    expect((await taskIds(alice)).has('aws-root-mfa')).toBe(false);
    const res = await connect(alice, 'aws', AUDITOR_KEY);
    expect(res.statusCode).toBe(200);
    await syncAs(server, syncOf('aws'), alice);
    const ids = await taskIds(alice);
    for (const id of ['aws-root-mfa', 'aws-users-mfa', 'aws-cloudtrail-on']) {
      expect(ids.has(id), id).toBe(true);
    }
    const findings = (await get('/api/integrations/aws/findings', alice)).json();
    expect(findings.accountId).toMatch(/^\d{12}$/);

    const wrong = await connect(alice, 'aws', {
      accessKeyId: AUDITOR_KEY.accessKeyId,
      secretAccessKey: 'x'.repeat(40),
    });
    expect(expectError(wrong, 400).length).toBeGreaterThan(20);
  });
});
