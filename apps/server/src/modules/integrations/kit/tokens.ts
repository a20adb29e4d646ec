import type { SecretBox } from '../../../lib/secret-box';
import type { IntegrationRow } from './repository';

/** Sealed tokens open only in the row they were sealed for. */
export const sealContext = (row: Pick<IntegrationRow, 'organizationId' | 'integrationId'>) =>
  `${row.organizationId}/${row.integrationId}`;

export type OpenedTokens = {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
};

export function openTokens(box: SecretBox, row: IntegrationRow): OpenedTokens {
  const context = sealContext(row);
  return {
    accessToken: row.accessTokenSealed ? box.open(row.accessTokenSealed, context) : null,
    refreshToken: row.refreshTokenSealed ? box.open(row.refreshTokenSealed, context) : null,
    expiresAt: row.tokenExpiresAt,
  };
}

/** The grant a provider's client works with, from a row's opened tokens and granted scopes. */
export const storedGrant = (tokens: OpenedTokens, row: Pick<IntegrationRow, 'scopes'>) => ({
  accessToken: tokens.accessToken ?? '',
  refreshToken: tokens.refreshToken,
  // Unknown expiry: treated as expired, so the first call refreshes.
  expiresAt: tokens.expiresAt ?? new Date(0),
  scopes: row.scopes,
});
