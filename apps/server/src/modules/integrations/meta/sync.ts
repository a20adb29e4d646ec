import type { Db } from '../../../db/client';
import type { ProviderAdapter } from '../kit/adapter';
import type { IntegrationRow } from '../kit/repository';
import { recordSuiteVerdicts } from '../kit/suite-verdicts';
import {
  debugMetaToken,
  longLivedMetaToken,
  MetaApi,
  MetaApiError,
  missingMetaScopes,
} from './index';
import { metaClientConfig } from './meta-client-config';
import { metaVerdicts, type StoredMetaFacts } from './verdicts';

/** A long-lived token (about 60 days) is renewed when it has less than this left. */
const RENEW_WITHIN_MS = 10 * 86_400_000;

export const META_FAILURE: ProviderAdapter['failures'] = {
  invalid_token:
    'Meta no longer accepts Castellan’s access: it expired or was revoked. Reconnect Meta.',
  permission_missing:
    'Meta refused to show your business accounts: reconnect Meta and allow business management.',
  rate_limited: 'Meta asked us to slow down; the sync will try again shortly.',
  unavailable: 'Meta did not answer; the sync will try again shortly.',
  failed: 'Meta answered in a way Castellan did not understand; the sync will try again later.',
};

/** Records Meta's verdicts from the last sync's facts. */
export async function judgeMeta(db: Db, row: IntegrationRow): Promise<void> {
  if (!row.facts || !row.lastScan) return;
  const facts = row.facts as StoredMetaFacts;
  const people = facts.businesses.reduce((sum, b) => sum + b.people, 0);
  await recordSuiteVerdicts(db, row, 'meta', metaVerdicts(facts), people);
}

/** Reads the business accounts the Meta grant can see and their two-factor settings. */
export const readMeta: ProviderAdapter['read'] = async (
  ctx,
  { tokens, organization, saveTokens, now, signal },
) => {
  const meta = metaClientConfig(ctx.config);
  if (!meta) throw new Error('Meta has no app on this server');
  const organizationId = organization.id;
  let token = { accessToken: tokens.accessToken ?? '', expiresAt: tokens.expiresAt };
  // Meta does not tell apps when it ends a token early: ask before reading.
  const info = await debugMetaToken(meta, token.accessToken, signal);
  if (!info.isValid || (info.expiresAt && info.expiresAt <= new Date())) {
    throw new MetaApiError('invalid_token', 'Meta says the token is no longer valid', {
      httpStatus: null,
    });
  }
  if (missingMetaScopes(info.scopes).length > 0) {
    throw new MetaApiError('permission_missing', 'the business_management permission was removed', {
      httpStatus: null,
    });
  }
  // No refresh token: a still-valid long-lived token is swapped for a fresh one before it lapses.
  if (token.expiresAt && token.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS) {
    const renewed = await longLivedMetaToken(meta, token.accessToken, signal);
    if (renewed.expiresAt) {
      token = renewed;
      await saveTokens({ ...renewed, expiresAt: renewed.expiresAt, refreshToken: null });
    }
  }
  const facts: StoredMetaFacts = {
    businesses: await new MetaApi(meta, token, { organizationId }).businesses(signal),
  };
  return facts;
};
