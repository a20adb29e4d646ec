import type { ProviderAdapter } from '../kit/adapter';
import { storedCredentials } from '../kit/key-connect';
import { BitwardenApi } from './bitwarden-api';
import { BitwardenApiError } from './bitwarden-api-error';
import { bitwardenKeyOf } from './bitwarden-key';
import { bitwardenClientConfig } from './client-config';
import { bitwardenFacts } from './facts';

/** Reads the organisation's members and policies with the stored key. */
export const readBitwarden: ProviderAdapter['read'] = async (
  ctx,
  { tokens, organization, signal },
) => {
  const parsed = bitwardenKeyOf(storedCredentials(tokens));
  if ('problem' in parsed) {
    // Only a key the connect form accepted is stored: this one is damaged.
    throw new BitwardenApiError('invalid_token', 'the stored Bitwarden key is unusable', null);
  }
  const { key } = parsed;
  const api = new BitwardenApi(bitwardenClientConfig(ctx.config, key.region), key, {
    organizationId: organization.id,
  });
  // One after the other: the first asks for the token the second uses.
  const members = await api.members(signal);
  const policies = await api.policies(signal);
  return bitwardenFacts(key.organizationId, members, policies);
};
