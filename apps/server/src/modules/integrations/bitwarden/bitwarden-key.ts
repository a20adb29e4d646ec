import type { KeyCredentials } from '../kit/key-connect';
import { BITWARDEN_REGIONS, type BitwardenRegion } from './client-config';

/** An organisation's API key as Castellan stores it (the connect form's fields). */
export type BitwardenKey = {
  /** `organization.<organisation id>`. */
  clientId: string;
  clientSecret: string;
  region: BitwardenRegion;
  /** The organisation's id, from the client_id. */
  organizationId: string;
};

/** Where the administrator finds the key, for every sentence that sends them there. */
export const WHERE_THE_KEY_IS =
  'In the Bitwarden Admin Console open Settings → Organization info → API key, and copy its client_id and client_secret (the organisation must be on the Teams or Enterprise plan).';

const ORGANIZATION_CLIENT_ID =
  /^organization\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const isRegion = (v: string | undefined): v is BitwardenRegion =>
  (BITWARDEN_REGIONS as readonly (string | undefined)[]).includes(v);

/** The key in `credentials`, or what is wrong with it in a sentence for the administrator. */
export function bitwardenKeyOf(
  credentials: KeyCredentials,
): { key: BitwardenKey } | { problem: string } {
  const clientId = credentials.clientId?.trim() ?? '';
  const clientSecret = credentials.clientSecret?.trim() ?? '';
  const region = credentials.region?.trim().toLowerCase();
  if (clientId.startsWith('user.')) {
    return {
      problem: `This is a personal API key; Castellan needs your organisation’s key. ${WHERE_THE_KEY_IS}`,
    };
  }
  const match = ORGANIZATION_CLIENT_ID.exec(clientId);
  if (!match?.[1]) {
    return {
      problem: `The client_id should look like organization.1a2b3c4d-…. ${WHERE_THE_KEY_IS}`,
    };
  }
  if (!clientSecret) return { problem: `Paste the client_secret too. ${WHERE_THE_KEY_IS}` };
  if (!isRegion(region)) {
    return { problem: 'Choose the cloud your Bitwarden organisation is on: US or EU.' };
  }
  return { key: { clientId, clientSecret, region, organizationId: match[1].toLowerCase() } };
}
