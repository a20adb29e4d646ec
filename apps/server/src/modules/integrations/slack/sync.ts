import { fillTimeZones, listMembersByName } from '../../users/repository';
import type { ProviderAdapter } from '../kit/adapter';
import { pacer } from '../kit/pacer';
import { slackClientConfig } from './client-config';
import type { SlackFacts } from './facts';
import { slackApi } from './slack-api';
import { storedSlackGrant } from './stored-grant';

/** `users.lookupByEmail` is Tier 3 (50+ a minute per workspace): kept at 50 by pacing. */
const LOOKUPS_PER_MINUTE = 50;

export const SLACK_FAILURE: ProviderAdapter['failures'] = {
  invalid_token:
    'Slack no longer accepts Castellan’s access: the app was removed from the workspace or its token revoked. Reconnect Slack.',
  permission_missing:
    'Slack refused a permission Castellan needs (finding people by e-mail or messaging them): reconnect Slack and allow every permission.',
  rate_limited: 'Slack asked us to slow down; the sync will try again shortly.',
  unavailable: 'Slack did not answer; the sync will try again shortly.',
  failed: 'Slack answered in a way Castellan did not understand; the sync will try again later.',
};

/**
 * Finds each member of the organisation in the Slack workspace by e-mail address, one lookup at
 * a time within Slack's rate: whom a nudge goes to. Slack is no evidence source: nothing is judged.
 */
export const readSlack: ProviderAdapter['read'] = async (ctx, { tokens, organization, signal }) => {
  const slack = slackClientConfig(ctx.config);
  if (!slack) throw new Error('Slack has no app on this server');
  const grant = storedSlackGrant(tokens);
  const api = slackApi(slack, grant.botToken, { organizationId: organization.id });
  const team = await api.team(signal);
  const members = await listMembersByName(ctx.db, organization.id);
  const pace = pacer(LOOKUPS_PER_MINUTE / 60);
  const people: SlackFacts['people'] = {};
  let notFound = 0;
  for (const member of members) {
    await pace(signal);
    const email = member.email.toLowerCase();
    const person = await api.personByEmail(email, signal);
    if (person) people[email] = person;
    else notFound += 1;
  }
  // Nudges come in each person's working hours: Slack's time zone serves until their browser tells theirs.
  const zones = new Map(
    Object.entries(people).flatMap(([email, p]) => (p.tz ? [[email, p.tz] as const] : [])),
  );
  await fillTimeZones(ctx.db, organization.id, zones);
  const { webhook } = grant;
  const facts: SlackFacts = {
    team,
    channel: webhook ? { id: webhook.channelId, name: webhook.channel } : null,
    people,
    notFound,
  };
  return facts;
};
