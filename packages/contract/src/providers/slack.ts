import { z } from 'zod';
import { endpoint } from '../endpoint';
import { providerPath } from '../providers';

// ── Slack workspace (integrations-reference-2 §5) ──────────────────────────────────────────────

/**
 * `GET /api/integrations/slack/workspace`: the workspace the app is installed in, the channel of
 * the daily summary, and how many members the last sync found in Slack (null before one).
 */
export const slackWorkspaceResponse = z.object({
  name: z.string(),
  /** Without its `#`; null when the install chose no channel. */
  channel: z.string().nullable(),
  /** Members of the organisation found in Slack by e-mail, and those not found. */
  found: z.number().int().min(0),
  notFound: z.number().int().min(0),
});
export type SlackWorkspaceResponse = z.infer<typeof slackWorkspaceResponse>;

export const slackEndpoints = {
  getSlackWorkspace: endpoint({
    method: 'GET',
    path: providerPath('slack', 'workspace'),
    access: 'admin',
    response: { 200: slackWorkspaceResponse.nullable() },
    summary: 'The Slack workspace nudges go to, and how many members the last sync found in it',
  }),
};
