import { type KeyConnect, KeyRefused } from '../kit/key-connect';
import { connectedMessage } from './adaptive-card';
import { TeamsApiError } from './teams-api-error';
import { teamsHttp, VERIFY_RETRY } from './teams-http';
import { teamsAddressesOf, WHERE_THE_ADDRESS_IS } from './workflow-address';

/** What the administrator reads when Teams refused the channel's address, by the status. */
function refusal(status: number | null): string | null {
  switch (status) {
    case 400:
      return `Teams refused the channel workflow address as incomplete: copy it again whole, from https:// to the end of its sig=… part. ${WHERE_THE_ADDRESS_IS}`;
    case 401:
    case 403:
      return 'Teams did not accept the channel workflow address’s signature: copy the address again whole, with nothing added or left off at its end (sig=…).';
    case 404:
    case 410:
      return `Teams does not know this workflow: it may have been deleted or turned off. Create it again and paste its new address. ${WHERE_THE_ADDRESS_IS}`;
    default:
      return null;
  }
}

/**
 * Tries the pasted addresses: a short card "Castellan is connected to this channel" posted to the
 * channel's workflow. A workflow answers 202 once it has taken the request, so a card its run
 * fails to post (a flow whose owner lost access) is only seen in the workflow's run history. The
 * direct-message workflow's address is only checked, not tried: a post needs a person to reach.
 * There is no account to name.
 */
export const verifyTeamsAddress: KeyConnect['verify'] = async (config, credentials, signal) => {
  const addresses = teamsAddressesOf(config, credentials);
  if (typeof addresses === 'string') throw new KeyRefused(addresses);
  try {
    await teamsHttp({ retry: VERIFY_RETRY }).post(
      'Teams connect check',
      addresses.channel,
      connectedMessage(),
      signal,
    );
  } catch (err) {
    const sentence = err instanceof TeamsApiError ? refusal(err.httpStatus) : null;
    if (sentence) throw new KeyRefused(sentence);
    throw err;
  }
  return { accountId: null };
};
