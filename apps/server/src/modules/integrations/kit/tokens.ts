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
