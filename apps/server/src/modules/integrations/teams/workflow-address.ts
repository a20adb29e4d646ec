// The workflow addresses an administrator pastes (the contract's connect fields). The server
// POSTs to them, so only Microsoft's webhook hosts are accepted, over https; with
// TEAMS_API_BASE_URL (tests, the demo) only addresses under that one origin.
import { CONNECT_FORMS } from '@castellan/contract';
import type { Config } from '../../../config';
import type { KeyCredentials } from '../kit/key-connect';

export type TeamsAddresses = {
  /** The channel's workflow (or legacy Incoming Webhook connector). */
  channel: URL;
  /** The workflow that posts to the person named in `recipient`; null when none is set up. */
  direct: URL | null;
};

/**
 * Power Automate's trigger hosts (`prod-NN.<region>.logic.azure.com`, moving to
 * `<environment>.environment.api.powerplatform.com`) and the legacy connector's
 * (`<tenant>.webhook.office.com`, older `outlook.office.com`): integrations-reference-2 §6.1–6.2.
 */
const WORKFLOW_HOSTS = ['.logic.azure.com', '.environment.api.powerplatform.com'];
const CONNECTOR_HOSTS = ['.webhook.office.com'];
const CONNECTOR_EXACT = ['outlook.office.com'];

/** Where the channel's address is found, for every sentence that sends an administrator there. */
export const WHERE_THE_ADDRESS_IS =
  'In the Teams channel open ⋯ → Workflows → "Send webhook alerts to a channel", and copy the address the workflow shows once it is saved.';

const labelOf = (name: 'channelWebhook' | 'directWebhook') =>
  CONNECT_FORMS.teams.find((f) => f.name === name)?.label ?? name;

const endsWithLabel = (host: string, suffixes: readonly string[]) =>
  suffixes.some((s) => host.endsWith(s) && host.length > s.length);

/**
 * The legacy connector's addresses (`/webhookb2/…/IncomingWebhook/…`, on its hosts or a fake's):
 * they post to their channel, and cannot reach a person.
 */
const isConnector = (url: URL) =>
  url.pathname.includes('/IncomingWebhook/') ||
  endsWithLabel(url.hostname, CONNECTOR_HOSTS) ||
  CONNECTOR_EXACT.includes(url.hostname);

/** A workflow's id, whichever form of its address (Logic Apps or Power Platform) was pasted. */
const workflowOf = (url: URL) => /\/workflows\/([^/]+)\//.exec(url.pathname)?.[1] ?? url.href;

/** The address in `raw`, or what is wrong with it in a sentence for the form. */
function addressOf(config: Config, label: string, raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${label}: paste the whole address the workflow shows, starting with https://.`;
  }
  if (url.username || url.password) {
    return `${label}: this is not the address of a Teams workflow. ${WHERE_THE_ADDRESS_IS}`;
  }
  const { baseUrl } = config.integrations.teams;
  if (baseUrl) {
    const base = new URL(baseUrl);
    const under = url.origin === base.origin && url.pathname.startsWith(base.pathname);
    return under
      ? url
      : `${label}: this server only accepts workflow addresses under ${base.origin} (TEAMS_API_BASE_URL).`;
  }
  const host = url.hostname;
  const microsoft =
    endsWithLabel(host, [...WORKFLOW_HOSTS, ...CONNECTOR_HOSTS]) || CONNECTOR_EXACT.includes(host);
  if (!microsoft) {
    return `${label}: this is not the address of a Teams workflow, which is on logic.azure.com or powerplatform.com. ${WHERE_THE_ADDRESS_IS}`;
  }
  // `:443` is dropped by URL; any other port is not Microsoft's.
  if (url.protocol !== 'https:' || url.port !== '') {
    return `${label}: use the https:// address exactly as the workflow shows it.`;
  }
  return url;
}

/**
 * The addresses of the connect form's fields, or what is wrong with them. The direct-message
 * workflow must be another workflow than the channel's (else people's own reminders would go to
 * the channel), and a workflow, not a connector (a connector cannot reach a person).
 */
export function teamsAddressesOf(
  config: Config,
  credentials: KeyCredentials,
): TeamsAddresses | string {
  const channel = addressOf(config, labelOf('channelWebhook'), credentials.channelWebhook ?? '');
  if (typeof channel === 'string') return channel;
  const rawDirect = credentials.directWebhook?.trim();
  if (!rawDirect) return { channel, direct: null };
  const label = labelOf('directWebhook');
  const direct = addressOf(config, label, rawDirect);
  if (typeof direct === 'string') return direct;
  if (workflowOf(direct) === workflowOf(channel)) {
    return `${label}: this is the channel’s address. Direct messages need a workflow of their own, or they would be posted to the channel; leave it empty to send reminders by e-mail.`;
  }
  if (isConnector(direct)) {
    return `${label}: this is an Incoming Webhook connector, which can only post to its channel. Direct messages need a workflow "When a Teams webhook request is received".`;
  }
  return { channel, direct };
}
