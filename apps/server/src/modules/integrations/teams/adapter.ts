import type { ProviderAdapter } from '../kit/adapter';
import { teamsNudges } from './nudge-channel';
import { readTeams, TEAMS_FAILURE } from './sync';
import { verifyTeamsAddress } from './verify-address';

export const teams: ProviderAdapter = {
  id: 'teams',
  // Each organisation pastes its own workflow addresses: nothing for the server to set up.
  configured: () => true,
  unavailableReason: 'Microsoft Teams cannot be connected on this server.',
  card: {
    description:
      'Posts a daily summary of overdue security tasks to a Teams channel, and sends people their own reminders where a direct-message workflow is set up.',
  },
  access: {
    reads: [
      'Nothing: Castellan only sends to the workflow addresses you give it, and Teams answers with no more than whether it took the message.',
    ],
    cannotRead: [
      'Messages, chats, files, channels and the people of your Teams: a workflow address can only receive messages.',
    ],
    changes: [
      'Posts a daily summary of overdue security tasks to the channel of the workflow you set up.',
      'Sends each person their own reminders through the direct-message workflow, when you set one up, naming them by e-mail address.',
    ],
  },
  // It carries nudges; it decides no task.
  checks: [],
  failures: TEAMS_FAILURE,
  read: readTeams,
  judge: async () => {},
  keyConnect: { verify: verifyTeamsAddress },
  nudges: teamsNudges(),
  // No calls of its own: it connects through the generic key form.
  routes: () => async () => {},
};
