import type { Db } from '../../../db/client';
import { isAllowed } from '../../allow-list/matches';
import { approvedEntries } from '../../allow-list/service';
import { findOrganization, setStoppedAttacks } from '../../organizations/repository';
import { recordEvidence } from '../../tasks/service';
import { listMembersByName } from '../../users/repository';
import { googleClientConfig } from '../provider-grants';
import {
  findIntegrationRow,
  type IntegrationRow,
  saveSyncResult,
  saveTokens,
  setStatus,
  setSyncState,
} from '../repository';
import type { IntegrationsContext } from '../service';
import { openTokens, sealContext } from '../tokens';
import { GoogleApi, GoogleApiError, readWorkspace } from './index';
import { googleVerdicts, type StoredGoogleFacts } from './verdicts';

/** What a person reads when a sync fails, by the kind of failure. */
const FAILURE: Record<GoogleApiError['kind'], string> = {
  invalid_token:
    'Google no longer accepts Castellan’s access: it was revoked or has expired. Reconnect Google Workspace.',
  permission_missing:
    'Google refused to show the workspace’s users, reports or policies: reconnect with a super administrator and allow every permission asked.',
  rate_limited: 'Google asked us to slow down; the sync will try again shortly.',
  unavailable: 'Google did not answer; the sync will try again shortly.',
  failed: 'Google answered in a way Castellan did not understand; the sync will try again later.',
};

/**
 * Reads the organisation's Google Workspace and takes in what it says: the task verdicts, the
 * stopped attacks and the facts pages show. A revoked grant or a missing permission sets the
 * integration's status and ends the sync (trying again cannot help); anything else throws so the
 * job is retried with backoff.
 */
export async function syncGoogleWorkspace(
  ctx: Pick<IntegrationsContext, 'db' | 'config' | 'box' | 'log'>,
  organizationId: string,
  signal: AbortSignal,
): Promise<void> {
  const { db } = ctx;
  const row = await findIntegrationRow(db, organizationId, 'gws');
  const google = googleClientConfig(ctx.config);
  const organization = await findOrganization(db, organizationId);
  if (row?.status !== 'connected' || !google || !organization) return;
  await setSyncState(db, row.id, 'running');
  const tokens = openTokens(ctx.box, row);
  const api = new GoogleApi(
    google,
    {
      accessToken: tokens.accessToken ?? '',
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt ?? new Date(0),
      scopes: row.scopes,
    },
    {
      onTokens: (grant) =>
        saveTokens(db, row.id, {
          accessTokenSealed: ctx.box.seal(grant.accessToken, sealContext(row)),
          ...(grant.refreshToken
            ? { refreshTokenSealed: ctx.box.seal(grant.refreshToken, sealContext(row)) }
            : {}),
          tokenExpiresAt: grant.expiresAt,
        }),
    },
  );
  const members = await listMembersByName(db, organizationId);
  try {
    const now = new Date();
    const read = await readWorkspace(api, {
      domain: organization.domain,
      memberEmails: new Set(members.map((m) => m.email.toLowerCase())),
      now,
      signal,
    });
    const facts: StoredGoogleFacts = {
      ...read,
      memberMfa: Object.fromEntries(read.memberMfa),
    };
    await saveSyncResult(db, row.id, facts, now);
    await setStoppedAttacks(db, organizationId, {
      failedLogins: facts.failedLogins30d,
      blockedSpam: facts.blockedSpam ?? 0,
    });
    await judgeGoogleWorkspace(db, organizationId, { lastScan: now }, facts, now);
    ctx.log.info({ organizationId, users: facts.userCount }, 'Google Workspace synced');
  } catch (err) {
    if (
      err instanceof GoogleApiError &&
      (err.kind === 'invalid_token' || err.kind === 'permission_missing')
    ) {
      await setStatus(db, row.id, err.kind, { state: 'failed', error: FAILURE[err.kind] });
      ctx.log.warn({ organizationId, kind: err.kind }, 'Google Workspace sync refused');
      return;
    }
    const message = err instanceof GoogleApiError ? FAILURE[err.kind] : FAILURE.failed;
    await setSyncState(db, row.id, 'failed', message);
    throw err;
  }
}

/**
 * Records the task verdicts from the last sync's facts, against the allow-list as it is now:
 * called after a sync and whenever the allow-list changes.
 */
async function judgeGoogleWorkspace(
  db: Db,
  organizationId: string,
  row: Pick<IntegrationRow, 'lastScan'>,
  facts: StoredGoogleFacts,
  at: Date,
): Promise<void> {
  const [members, approved] = await Promise.all([
    listMembersByName(db, organizationId),
    approvedEntries(db, organizationId),
  ]);
  const flagged = facts.externalShares.filter((s) => !isAllowed(s, approved));
  await recordEvidence(
    db,
    organizationId,
    'gws',
    googleVerdicts(facts, members, flagged),
    row.lastScan ?? at,
  );
}

/** After an allow-list change: judges again from the stored facts, without a new sync. */
export async function rejudgeGoogleWorkspace(db: Db, organizationId: string): Promise<void> {
  const row = await findIntegrationRow(db, organizationId, 'gws');
  if (!row?.facts || !row.lastScan) return;
  await judgeGoogleWorkspace(db, organizationId, row, row.facts as StoredGoogleFacts, row.lastScan);
}
