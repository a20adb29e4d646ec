import type { ProviderAdapter } from '../kit/adapter';
import { storedCredentials } from '../kit/key-connect';
import { TeamsApiError } from './teams-api-error';
import { teamsAddressesOf, WHERE_THE_ADDRESS_IS } from './workflow-address';

/** What a Teams sync keeps: there is nothing to read at Teams, only what was set up here. */
export type StoredTeamsFacts = {
  /** A direct-message workflow was given: people get their own nudges in Teams. */
  direct: boolean;
};

export const TEAMS_FAILURE: ProviderAdapter['failures'] = {
  invalid_token: `Teams no longer accepts the channel workflow address: the workflow was turned off or deleted, or its owner lost access. Create it again and connect Microsoft Teams with its new address. ${WHERE_THE_ADDRESS_IS}`,
  permission_missing:
    'Teams refused the post: the workflow’s owner may no longer post in that channel. Check the workflow in Teams, then connect Microsoft Teams again.',
  rate_limited: 'Teams asked us to slow down; the message will be sent again shortly.',
  unavailable: 'Teams did not answer; the message will be sent again shortly.',
  failed: 'Teams answered in a way Castellan did not understand; it will try again later.',
};

/** Keeps whether a direct-message workflow was given; the addresses are checked again. */
export const readTeams: ProviderAdapter['read'] = async (ctx, { tokens }) => {
  const addresses = teamsAddressesOf(ctx.config, storedCredentials(tokens));
  if (typeof addresses === 'string') {
    throw new TeamsApiError('invalid_token', 'the stored Teams address is unusable', null);
  }
  return { direct: addresses.direct !== null } satisfies StoredTeamsFacts;
};
