import type { NudgeChannelId, NudgeSettingsResponse } from '@castellan/contract';
import {
  DUE_DAYS,
  NUDGE_CHANNEL_NAMES,
  NUDGE_CHANNELS,
  WORKING_HOURS,
} from '@castellan/contract/nudge-rules';

const hour = (h: number) => `${h}:00`;

/** The due days by risk, as a sentence reads them: "critical 2 days, high 7, medium 30, low 90". */
export const dueDaysText = (): string =>
  Object.entries(DUE_DAYS)
    .map(([risk, days], i) => `${risk.toLowerCase()} ${days}${i === 0 ? ' days' : ''}`)
    .join(', ');

/** How nudges work, in one sentence, with the numbers the server goes by. */
export const NUDGE_EXPLANATION =
  `On working days between ${hour(WORKING_HOURS.from)} and ${hour(WORKING_HOURS.to)} your ` +
  'time, at most once a day, Castellan reminds each person of tasks that are due soon or ' +
  `overdue. A task is due a set time after it first appears, by its risk: ${dueDaysText()}.`;

/** Whether the organisation nudges, and through which channel, as everyone reads it. */
export function nudgeStatusText({ enabled, channel }: NudgeSettingsResponse['settings']): string {
  if (!enabled) return 'Your organisation does not nudge people at the moment.';
  return channel === 'email'
    ? 'Your organisation nudges people by e-mail.'
    : `Your organisation nudges people through ${NUDGE_CHANNEL_NAMES[channel]}, and by e-mail those it cannot reach there.`;
}

/** One choice of channel: whether it can be chosen now, and what is said under it. */
export type ChannelChoice = {
  channel: NudgeChannelId;
  label: string;
  disabled: boolean;
  /** Why a messaging channel cannot carry nudges yet: it is not connected. */
  needsConnecting: boolean;
  /** E-mail while the server sends none: still the fallback, so it stays a choice. */
  mailOff: boolean;
};

/**
 * The channels in the contract's order. A messaging provider that is not connected cannot be
 * chosen (the server refuses it); e-mail always can, as the channel everyone falls back to.
 */
export function channelChoices(response: NudgeSettingsResponse): ChannelChoice[] {
  const ready = new Map(response.available.map((a) => [a.channel, a.ready]));
  return NUDGE_CHANNELS.map((channel) => {
    const isReady = ready.get(channel) ?? false;
    return {
      channel,
      label: NUDGE_CHANNEL_NAMES[channel],
      disabled: channel !== 'email' && !isReady,
      needsConnecting: channel !== 'email' && !isReady,
      mailOff: channel === 'email' && !isReady,
    };
  });
}
