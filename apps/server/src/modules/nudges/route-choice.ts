import type { NudgeChannelId } from '@castellan/contract';
import type { NudgeChannel } from '../integrations/kit/nudge-channel';
import { findIntegrationRow, type IntegrationRow } from '../integrations/kit/repository';
import { adapterOf } from '../integrations/providers';
import type { NudgeContext } from './context';

/** The organisation's chosen messaging provider, when it is connected and carries nudges. */
export async function messagingOf(
  ctx: Pick<NudgeContext, 'db'>,
  organizationId: string,
  channel: NudgeChannelId,
): Promise<{
  channel: Exclude<NudgeChannelId, 'email'>;
  nudges: NudgeChannel;
  row: IntegrationRow;
} | null> {
  if (channel === 'email') return null;
  const nudges = adapterOf(channel)?.nudges;
  if (!nudges) return null;
  const row = await findIntegrationRow(ctx.db, organizationId, channel);
  return row?.status === 'connected' ? { channel, nudges, row } : null;
}

/**
 * Whether the administrators' summary goes to the organisation's channel (one post) rather than
 * to each of them: its chosen provider is connected. Should the post find no channel, the job
 * mails the administrators instead.
 */
export const channelPostOf = async (
  ctx: Pick<NudgeContext, 'db'>,
  organization: { id: string; channel: NudgeChannelId },
) => (await messagingOf(ctx, organization.id, organization.channel)) !== null;
