import type { SlackWorkspaceResponse } from '@castellan/contract';
import type { Db } from '../../../db/client';
import { findIntegrationRow } from '../kit/repository';
import { slackFactsOf } from './facts';

/** What the last sync found of the workspace; null when Slack is not connected or not yet read. */
export async function slackWorkspace(
  db: Db,
  organizationId: string,
): Promise<SlackWorkspaceResponse | null> {
  const row = await findIntegrationRow(db, organizationId, 'slack');
  const facts = row?.status === 'connected' ? slackFactsOf(row.facts) : null;
  if (!facts) return null;
  return {
    name: facts.team.name,
    channel: facts.channel?.name.replace(/^#/, '') ?? null,
    found: Object.keys(facts.people).length,
    notFound: facts.notFound,
  };
}
