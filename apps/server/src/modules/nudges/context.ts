import type { SyncContext } from '../integrations/kit/sync-runner';
import type { MailContext } from '../mail/context';

/** Where recorded nudges are queued to be sent (one durable job each). */
export type NudgeQueue = { send(nudgeId: string): Promise<void> };

/** What the nudge run and its sends need: the database and settings, mail, and the providers. */
export type NudgeContext = SyncContext & {
  mail: MailContext;
  queue: NudgeQueue;
};
