import {
  connectFormOf,
  EVIDENCE_SOURCES,
  type Integration,
  type IntegrationId,
  type IntegrationsResponse,
  isProviderId,
  PROVIDER_IDS,
  PROVIDERS,
} from '@castellan/contract';
import type { Config } from '../../config';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import type { ActiveSession } from '../sessions/repository';
import type { Evidence } from '../tasks/evidence';
import { listEvidenceFrom } from '../tasks/repository';
import { forgetEvidence } from '../tasks/service';
import { listMembersByName } from '../users/repository';
import { cardChecks, notInCastellan, type Viewer } from './card-checks';
import { INTEGRATIONS, type IntegrationDefinition, integrationLogo } from './catalog';
import type { IntegrationsContext } from './kit/context';
import { keepConnectedList, recordGrant } from './kit/grants';
import { checkKeyFields, KeyRefused } from './kit/key-connect';
import { failureKindOf } from './kit/provider-error';
import {
  deleteIntegrationRow,
  findIntegrationRow,
  type IntegrationRow,
  listIntegrationRows,
  listTroubledIntegrations,
  setSyncState,
} from './kit/repository';
import { reportsOnDevices } from './kit/suite-device';
import { openTokens } from './kit/tokens';
import { adapterOf } from './providers';
import { judgeIntegrations } from './suites';

export type { IntegrationsContext, Viewer };

/** What the cards say beyond the integration's own row: the viewer, the evidence, the members. */
type CardInputs = {
  viewer: Viewer;
  /** The providers' evidence of the organisation. */
  evidence: readonly Evidence[];
  /** The members' lower-case e-mails, for administrators; null for others. */
  memberEmails: ReadonlySet<string> | null;
};

async function cardInputs(db: IntegrationsContext['db'], organizationId: string, viewer: Viewer) {
  const [evidence, members] = await Promise.all([
    listEvidenceFrom(db, organizationId, PROVIDER_IDS),
    viewer.role === 'admin' ? listMembersByName(db, organizationId) : null,
  ]);
  const memberEmails = members && new Set(members.map((m) => m.email.toLowerCase()));
  return { viewer, evidence, memberEmails } satisfies CardInputs;
}

/** Why this server cannot connect an integration (its provider client is not set up), or null. */
export function unavailableReason(config: Config, id: IntegrationId): string | null {
  const adapter = adapterOf(id);
  return adapter && !adapter.configured(config) ? adapter.unavailableReason : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toIntegration(
  config: Config,
  d: IntegrationDefinition,
  row: IntegrationRow | undefined,
  inputs: CardInputs,
): Integration {
  const adapter = adapterOf(d.id);
  return {
    id: d.id,
    name: d.name,
    logo: integrationLogo(d.id),
    description: d.description,
    securityChecks: adapter
      ? cardChecks(
          adapter,
          row,
          inputs.evidence.filter((e) => e.source === d.id),
          inputs.viewer,
        )
      : [],
    status: d.comingSoon ? 'coming_soon' : (row?.status ?? 'available'),
    lastScan: iso(row?.lastScan ?? null),
    connectedSince: iso(row?.connectedSince ?? null),
    unavailableReason: d.comingSoon ? null : unavailableReason(config, d.id),
    sync: { state: row?.syncState ?? 'idle', error: row?.syncError ?? null },
    lastSync: row?.syncCounts ?? null,
    notInCastellan: adapter ? notInCastellan(adapter, row, inputs.memberEmails) : null,
    plan: row?.facts && adapter?.card.plan ? adapter.card.plan(row.facts) : null,
  };
}

/** Every integration of the organisation, as `viewer` (one of its members) sees the cards. */
/** What needs someone in each organisation's connections, by organisation, in plain words. */
export async function integrationProblems(
  db: IntegrationsContext['db'],
  organizationIds: readonly string[],
): Promise<Map<string, { name: string; problem: string }[]>> {
  const problems = new Map<string, { name: string; problem: string }[]>();
  for (const row of await listTroubledIntegrations(db, organizationIds)) {
    const name = INTEGRATIONS.find((d) => d.id === row.integrationId)?.name ?? row.integrationId;
    const problem =
      row.status === 'invalid_token'
        ? 'Its access expired or was revoked: reconnect it'
        : row.status === 'permission_missing'
          ? 'A permission is missing: reconnect it'
          : 'Its last sync failed';
    problems.set(row.organizationId, [
      ...(problems.get(row.organizationId) ?? []),
      { name, problem },
    ]);
  }
  return problems;
}

export async function listIntegrations(
  ctx: Pick<IntegrationsContext, 'db' | 'config'>,
  organizationId: string,
  viewer: Viewer,
): Promise<IntegrationsResponse> {
  const [rows, inputs] = await Promise.all([
    listIntegrationRows(ctx.db, organizationId),
    cardInputs(ctx.db, organizationId, viewer),
  ]);
  const byId = new Map(rows.map((r) => [r.integrationId, r]));
  return Object.fromEntries(
    INTEGRATIONS.map((d) => [d.id, toIntegration(ctx.config, d, byId.get(d.id), inputs)]),
  ) as IntegrationsResponse;
}

const definition = (id: IntegrationId) => {
  const d = INTEGRATIONS.find((i) => i.id === id);
  if (!d) throw new NotFoundError('No such integration.');
  return d;
};

/**
 * Disconnects: revokes the grant at the provider where it can (a failure there is logged, the
 * disconnect goes on), deletes the tokens and what the integration said about tasks, and counts
 * again what the remaining ones say.
 */
export async function disconnectIntegration(
  ctx: IntegrationsContext,
  actor: AuditActor,
  organizationId: string,
  id: IntegrationId,
  viewer: Viewer,
): Promise<Integration> {
  const d = definition(id);
  const row = await deleteIntegrationRow(ctx.db, organizationId, id);
  if (row) {
    await keepConnectedList(ctx.db, organizationId);
    const revoke = adapterOf(id)?.revoke;
    const giveBack = async () =>
      revoke?.(ctx.config, { ...openTokens(ctx.box, row), accountId: row.accountId });
    await giveBack().catch((err: unknown) =>
      ctx.log.warn({ err, integration: id }, 'the provider did not revoke the grant'),
    );
    // The devices are judged without it before its evidence goes, so that a device task it and
    // the agent both passed does not open for a moment; the verdicts its newer reports overruled
    // come back at once.
    if (reportsOnDevices(id)) await ctx.devices.judge(ctx.db, organizationId);
    const source = EVIDENCE_SOURCES.find((s) => s === id);
    if (source) await forgetEvidence(ctx.db, organizationId, source);
    // The other suite may now speak for members this one did, and the attack counts change.
    await judgeIntegrations(ctx.db, organizationId);
    await recordAuditEvent(ctx.db, {
      action: 'integration.disconnected',
      organizationId,
      actor,
      details: { integration: id },
    });
  }
  return toIntegration(ctx.config, d, undefined, await cardInputs(ctx.db, organizationId, viewer));
}

/** How long a provider may take to answer the key check of a connect form. */
const KEY_CHECK_MS = 20_000;

/**
 * Connects a provider with the key an administrator pasted (its `connect` is a form): the key
 * is checked against the form's fields, tried at the provider, then sealed like a grant's
 * tokens, and a first sync is queued. A refused key changes nothing.
 */
export async function connectWithKey(
  ctx: IntegrationsContext,
  session: ActiveSession,
  id: IntegrationId,
  given: Readonly<Record<string, string>>,
): Promise<Integration> {
  const d = definition(id);
  const adapter = adapterOf(id);
  const fields = connectFormOf(id);
  if (!adapter?.keyConnect || !fields || !isProviderId(id)) {
    throw new BadRequestError(`${d.name} is not connected with a key: use its Connect button.`);
  }
  const credentials = checkKeyFields(fields, given);
  let accountId: string | null;
  try {
    ({ accountId } = await adapter.keyConnect.verify(
      ctx.config,
      credentials,
      AbortSignal.timeout(KEY_CHECK_MS),
    ));
  } catch (err) {
    if (err instanceof KeyRefused) throw new BadRequestError(err.message);
    const kind = failureKindOf(err);
    // Not the provider's answer (a bug): the error handler's 500, and its log.
    if (kind === null && !(err instanceof Error && err.name === 'TimeoutError')) throw err;
    ctx.log.warn({ err, integration: id }, 'the key check did not get an answer it could use');
    throw new ServiceUnavailableError(
      kind === 'failed'
        ? `${d.name} answered the key check in a way Castellan did not understand. Nothing was saved: try again later.`
        : `${d.name} did not answer in time, so the key could not be checked. Nothing was saved: try again in a minute.`,
    );
  }
  await recordGrant(
    ctx,
    session,
    { id },
    {
      accessToken: JSON.stringify(credentials),
      refreshToken: null,
      expiresAt: null,
      scopes: [...PROVIDERS[id].scopes],
      accountId,
    },
    true,
  );
  const row = await findIntegrationRow(ctx.db, session.organization.id, id);
  const viewer = { userId: session.user.id, role: session.user.role };
  return toIntegration(
    ctx.config,
    d,
    row ?? undefined,
    await cardInputs(ctx.db, session.organization.id, viewer),
  );
}

/** Queues a sync now (202); an integration that is not connected has nothing to sync. */
export async function requestSync(
  ctx: IntegrationsContext,
  organizationId: string,
  id: IntegrationId,
  viewer: Viewer,
): Promise<Integration> {
  const d = definition(id);
  const row = await findIntegrationRow(ctx.db, organizationId, id);
  if (!row) throw new ConflictError(`${d.name} is not connected.`);
  if (!ctx.syncQueue) throw new ConflictError('Background work is not running on this server.');
  const { queued } = await ctx.syncQueue.requestSync({ organizationId, integrationId: id });
  if (queued) await setSyncState(ctx.db, row.id, 'queued');
  const fresh = await findIntegrationRow(ctx.db, organizationId, id);
  const inputs = await cardInputs(ctx.db, organizationId, viewer);
  return toIntegration(ctx.config, d, fresh ?? row, inputs);
}
