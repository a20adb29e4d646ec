import type { ProviderId } from '@castellan/contract';
import { aws } from './aws/adapter';
import { bitwarden } from './bitwarden/adapter';
import { googleWorkspace } from './google/adapter';
import type { ProviderAdapter } from './kit/adapter';
import { meta } from './meta/adapter';
import { microsoft365 } from './microsoft/adapter';
import { slack } from './slack/adapter';
import { teams } from './teams/adapter';

/** Every provider adapter, one line each; the ids and names come from the contract's list. */
export const ADAPTERS: Readonly<Record<ProviderId, ProviderAdapter>> = {
  gws: googleWorkspace,
  m365: microsoft365,
  meta,
  aws,
  bitwarden,
  slack,
  teams,
};

export const adapterOf = (id: string): ProviderAdapter | null =>
  Object.hasOwn(ADAPTERS, id) ? ADAPTERS[id as ProviderId] : null;
