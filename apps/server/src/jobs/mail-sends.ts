import type { Db } from '../db/client';
import type { MailQueue } from '../lib/mail-queue';
import { deliverMessage, giveUp } from '../modules/mail/deliver';
import type { Mailer } from '../modules/mail/mailer';
import type { JobQueue } from './job-queue';

export const MAIL_SEND_QUEUE = 'mail-send';

/**
 * One job per recorded message, its id the message's, so that a message is never queued twice;
 * pg-boss hands each job to one process at a time. A temporary failure is retried after one to
 * two minutes, then two to four, four to eight... (eight attempts over two to four hours); then
 * the message has failed.
 */
export function defineMailSends(jobs: JobQueue, db: Db, mailer: Mailer): MailQueue {
  const queue = jobs.define<{ messageId: string }>({
    name: MAIL_SEND_QUEUE,
    policy: 'standard',
    retryLimit: 7,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 2 * 60,
    concurrency: 4,
    run: ({ messageId }) => deliverMessage(db, mailer, messageId),
    exhausted: ({ messageId }, err) => giveUp(db, messageId, err),
  });
  return {
    send: async (messageId) => {
      await queue.send({ messageId }, { id: messageId });
    },
  };
}
