import {
  NUDGE_CHANNEL_NAMES,
  NUDGE_CHANNELS,
  type NudgeSettings,
  type NudgeSettingsResponse,
} from '@castellan/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { findNudgeSettings, updateNudgeSettings } from '../organizations/repository';
import { saveTimeZone } from '../users/repository';
import { messagingOf } from './route-choice';

type Caller = { organizationId: string; admin: boolean };

/** The organisation's nudge settings, and which channels could carry them now. */
export async function nudgeSettings(
  db: Db,
  config: Config,
  caller: Caller,
): Promise<NudgeSettingsResponse> {
  const settings = await findNudgeSettings(db, caller.organizationId);
  if (!settings) throw new UnauthorizedError();
  const available = await Promise.all(
    NUDGE_CHANNELS.map(async (channel) => ({
      channel,
      ready:
        channel === 'email'
          ? config.mail.enabled
          : (await messagingOf({ db }, caller.organizationId, channel)) !== null,
    })),
  );
  return { settings, available, editable: caller.admin };
}

/** Changes them; a messaging channel must be connected first (e-mail stays the fallback). */
export async function changeNudgeSettings(
  db: Db,
  config: Config,
  caller: Caller,
  settings: NudgeSettings,
): Promise<NudgeSettingsResponse> {
  if (
    settings.channel !== 'email' &&
    !(await messagingOf({ db }, caller.organizationId, settings.channel))
  ) {
    const name = NUDGE_CHANNEL_NAMES[settings.channel];
    throw new BadRequestError(`Connect ${name} on the Integrations page before choosing it.`);
  }
  await updateNudgeSettings(db, caller.organizationId, settings);
  return nudgeSettings(db, config, caller);
}

/** The person's time zone, from their browser: their nudges come in their working hours. */
export async function changeTimeZone(
  db: Db,
  organizationId: string,
  userId: string,
  timeZone: string,
): Promise<{ timeZone: string }> {
  await saveTimeZone(db, organizationId, userId, timeZone);
  return { timeZone };
}

/** Switches nudges on or off, keeping the channel (a partner's baseline sets it). */
export async function setNudgesEnabled(db: Db, organizationId: string, enabled: boolean) {
  const current = await findNudgeSettings(db, organizationId);
  if (!current) throw new UnauthorizedError();
  await updateNudgeSettings(db, organizationId, { ...current, enabled });
}
