import { PROVIDERS } from '@castellan/contract';
import type { Config } from '../../../config';

/** Slack's own origin: the authorize page and every Web API method. */
export const SLACK_ORIGIN = 'https://slack.com';
/**
 * Where Slack's `response_url`s and incoming webhooks live ([MEM]: always
 * `https://hooks.slack.com/…` as far as known; not confirmed in Slack's reference).
 */
export const SLACK_HOOKS_ORIGIN = 'https://hooks.slack.com';

export type SlackClientConfig = {
  /** Slack's origin, or a fake's serving Slack's paths. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  redirectUri: string;
  /** The only origin Castellan posts a reply or a channel message to. */
  hooksOrigin: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The Slack app of this server, or null when it has none. */
export function slackClientConfig(config: Config): SlackClientConfig | null {
  const slack = config.integrations.slack;
  if (!slack) return null;
  const baseUrl = slack.baseUrl;
  return {
    baseUrl,
    clientId: slack.clientId,
    clientSecret: slack.clientSecret,
    signingSecret: slack.signingSecret,
    redirectUri: `${config.publicUrl}/api${PROVIDERS.slack.connect.callback}`,
    // A fake serves the hooks on its own origin.
    hooksOrigin: baseUrl === SLACK_ORIGIN ? SLACK_HOOKS_ORIGIN : new URL(baseUrl).origin,
  };
}

/** `path` on Slack (or the fake), with `query`. */
export function slackUrl(
  cfg: Pick<SlackClientConfig, 'baseUrl'>,
  path: string,
  query: Record<string, string> = {},
): URL {
  const url = new URL(`${cfg.baseUrl}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/** Whether `url` is one of Slack's hooks (a response_url, an incoming webhook): never another host. */
export function isSlackHook(cfg: Pick<SlackClientConfig, 'hooksOrigin'>, url: string): boolean {
  try {
    return new URL(url).origin === cfg.hooksOrigin;
  } catch {
    return false;
  }
}
