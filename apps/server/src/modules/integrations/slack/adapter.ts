import type { ProviderAdapter } from '../kit/adapter';
import { slackClientConfig } from './client-config';
import { slackNudges } from './nudges';
import { revokeSlackGrant } from './revoke-grant';
import { slackRoutes } from './routes';
import { readSlack, SLACK_FAILURE } from './sync';

export const slack: ProviderAdapter = {
  id: 'slack',
  configured: (config) => slackClientConfig(config) !== null,
  unavailableReason:
    'This server has no Slack app set up yet, so Slack cannot be connected; ask whoever runs Castellan to add one.',
  card: {
    description:
      'Sends each person a short message in Slack when their security tasks are due, with buttons to snooze or say it is done, and posts a daily summary of overdue tasks to the channel you choose.',
  },
  access: {
    reads: [
      'The name of your Slack workspace, and the channel chosen for the daily summary.',
      'Whether each member of your organisation has a Slack account with their e-mail address, and its time zone (looked up by e-mail address, one person at a time).',
    ],
    cannotRead: [
      'Messages, channels and files of your workspace, the summary’s channel included.',
      'Slack accounts of people who are not members of your organisation in Castellan.',
    ],
    changes: [
      'Sends each member a direct message from the Castellan app when their security tasks are due, and posts the daily summary of overdue tasks to the chosen channel.',
      'Replaces its own message when someone presses "Done, check again" or "Snooze a week", which marks their task done or snoozes it for a week.',
    ],
  },
  checks: [],
  failures: SLACK_FAILURE,
  read: readSlack,
  // Slack is no evidence source: its facts decide no task.
  judge: async () => {},
  revoke: revokeSlackGrant,
  nudges: slackNudges,
  routes: slackRoutes,
};
