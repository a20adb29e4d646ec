import {
  META_ACCOUNTS_PAGE,
  type MetaAccount,
  type MetaAccountsQuery,
  type MetaAccountsResponse,
} from '@castellan/contract';
import type { Db } from '../../../db/client';
import { ConflictError, HttpError, NotFoundError } from '../../../lib/errors';
import type { AuditActor } from '../../audit/actor';
import { recordAuditEvent } from '../../audit/repository';
import type { IntegrationsContext } from '../kit/context';
import { findIntegrationRow, saveSyncResult, setStatus } from '../kit/repository';
import { openTokens } from '../kit/tokens';
import { MetaApi, MetaApiError } from './index';
import { metaClientConfig } from './meta-client-config';
import { judgeMeta, META_FAILURE } from './sync';
import { type StoredMetaFacts, toMetaAccount } from './verdicts';

/** What the admin can do by hand when Meta will not make the change for Castellan. */
const BY_HAND =
  'You can turn it on yourself: in Meta Business Suite open Settings → Business portfolio info → Two-factor authentication and choose "Everyone".';

async function connectedMeta(db: Db, organizationId: string) {
  const row = await findIntegrationRow(db, organizationId, 'meta');
  if (!row) throw new ConflictError('Meta is not connected. Connect it on the Integrations page.');
  if (row.status !== 'connected') {
    throw new ConflictError(`Meta needs reconnecting: ${META_FAILURE[row.status]}`);
  }
  return row;
}

/** The business accounts the last sync found, a page at a time (the cursor is an offset). */
export async function listMetaAccounts(
  db: Db,
  organizationId: string,
  query: MetaAccountsQuery,
): Promise<MetaAccountsResponse> {
  const row = await connectedMeta(db, organizationId);
  const businesses = (row.facts as StoredMetaFacts | null)?.businesses ?? [];
  const start = Number(query.cursor ?? 0);
  const end = start + META_ACCOUNTS_PAGE;
  return {
    accounts: businesses.slice(start, end).map(toMetaAccount),
    nextCursor: end < businesses.length ? String(end) : null,
  };
}

/**
 * Requires two-factor authentication for everyone in a business account, then reads the business
 * back: success is only claimed when Meta shows the requirement in place. A refusal by Meta answers
 * 409 with what Meta said and how to do it by hand.
 */
export async function requireMetaTwoFactor(
  ctx: IntegrationsContext,
  actor: AuditActor,
  organizationId: string,
  businessId: string,
): Promise<MetaAccount> {
  const meta = metaClientConfig(ctx.config);
  const row = await connectedMeta(ctx.db, organizationId);
  const facts = (row.facts as StoredMetaFacts | null) ?? { businesses: [] };
  if (!meta || !facts.businesses.some((b) => b.id === businessId)) {
    throw new NotFoundError('Castellan cannot see this business account. Sync Meta and try again.');
  }
  const tokens = openTokens(ctx.box, row);
  const api = new MetaApi(meta, {
    accessToken: tokens.accessToken ?? '',
    expiresAt: tokens.expiresAt,
  });
  let business: Awaited<ReturnType<MetaApi['business']>>;
  try {
    await api.requireTwoFactor(businessId);
    business = await api.business(businessId);
  } catch (err) {
    if (!(err instanceof MetaApiError)) throw err;
    if (err.kind === 'invalid_token') {
      await setStatus(ctx.db, row.id, 'invalid_token', {
        state: 'failed',
        error: META_FAILURE.invalid_token,
      });
      throw new ConflictError(`${META_FAILURE.invalid_token} ${BY_HAND}`);
    }
    if (err.kind === 'rate_limited' || err.kind === 'unavailable') {
      throw new HttpError(503, META_FAILURE[err.kind].replace('the sync will', 'please'));
    }
    const said = err.metaMessage ? `Meta said: “${err.metaMessage}”` : 'Meta refused the change.';
    throw new HttpError(err.kind === 'permission_missing' ? 403 : 409, `${said} ${BY_HAND}`);
  }
  if (business.twoFactorType !== 'all_required') {
    throw new ConflictError(
      `Meta accepted the change but still shows two-factor authentication as not required for everyone. ${BY_HAND}`,
    );
  }
  const businesses = facts.businesses.map((b) => (b.id === businessId ? business : b));
  await saveSyncResult(ctx.db, row.id, { businesses }, row.lastScan ?? new Date());
  const judged = await findIntegrationRow(ctx.db, organizationId, 'meta');
  if (judged) await judgeMeta(ctx.db, judged);
  await recordAuditEvent(ctx.db, {
    action: 'integration.meta.two_factor_required',
    organizationId,
    actor,
    details: { integration: 'meta', businessId },
  });
  return toMetaAccount(business);
}
