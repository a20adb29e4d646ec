// What the provider connect tests share: cookies carried between answers, and a sync run as the
// signed-in user's organisation against the test app.
import type { ProviderId } from '@castellan/contract';
import type { LightMyRequestResponse } from 'fastify';
import { SecretBox } from '../src/lib/secret-box';
import { judgeDevices } from '../src/modules/devices/judge-devices';
import { saveGrant, saveSyncResult } from '../src/modules/integrations/kit/repository';
import type { SyncContext } from '../src/modules/integrations/kit/sync-runner';
import type { IntegrationsContext } from '../src/modules/integrations/service';
import { TEST_ENCRYPTION_KEY, type TestApp } from './test-app';

/** The cookies an answer sets, as a Cookie header. */
export const cookiesOf = (res: LightMyRequestResponse) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The SecretBox of the test app's encryption key. */
export const testSecretBox = () => new SecretBox(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));

type ProviderSync = (
  ctx: SyncContext,
  organizationId: string,
  signal: AbortSignal,
) => Promise<void>;

/**
 * Runs `sync` for the organisation of the user whose cookie this is, telling `alerts` what it
 * would e-mail about; resolves to the organisation's id.
 */
export async function syncAs(
  server: TestApp,
  sync: ProviderSync,
  cookie: string,
  alerts?: IntegrationsContext['alerts'],
) {
  const organization = await server.inject({ url: '/api/organization', headers: { cookie } });
  const organizationId: string = organization.json().id;
  await sync(
    {
      db: server.database.db,
      config: server.config,
      box: testSecretBox(),
      log: server.app.log,
      ...(alerts ? { alerts } : {}),
      devices: { judge: judgeDevices },
    },
    organizationId,
    new AbortController().signal,
  );
  return organizationId;
}

/**
 * Connects provider `integrationId` for the organisation of the admin whose cookie this is, as a
 * sync that found `facts` leaves it (sealed tokens stand in for real ones); resolves to its id.
 */
export async function connectWithFacts(
  server: TestApp,
  cookie: string,
  integrationId: ProviderId,
  facts: Record<string, unknown>,
  syncedAt = new Date('2026-11-24T08:00:00Z'),
): Promise<string> {
  const get = (url: string) => server.inject({ url, headers: { cookie } });
  const organizationId = (await get('/api/organization')).json().id as string;
  const user = (await get('/api/auth/user-data')).json() as { id: string; email: string };
  const row = await saveGrant(server.database.db, {
    organizationId,
    integrationId,
    status: 'connected',
    accountEmail: user.email,
    connectedById: user.id,
    accessTokenSealed: 'v1.sealed.access.token',
    refreshTokenSealed: 'v1.sealed.refresh.token',
    tokenExpiresAt: new Date(),
    scopes: [],
  });
  await saveSyncResult(server.database.db, row.id, facts, syncedAt);
  return organizationId;
}
