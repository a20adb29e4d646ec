import type { RevokeGrant } from '../kit/grants';
import { slackClientConfig } from './client-config';
import { slackApi } from './slack-api';
import { storedSlackGrant } from './stored-grant';

/** Gives the bot token back with `auth.revoke`: the app leaves the workspace's grant. */
export const revokeSlackGrant: RevokeGrant = async (config, tokens) => {
  const slack = slackClientConfig(config);
  if (!slack || !tokens.accessToken) return;
  await slackApi(slack, storedSlackGrant(tokens).botToken).revoke();
};

/** Whose grants the connect flow records, and how they are given back. */
export const SLACK_GRANTS = { id: 'slack', revoke: revokeSlackGrant } as const;
