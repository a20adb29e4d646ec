import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailQueue } from '../../lib/mail-queue';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** What composing and queuing mail needs. */
export type MailContext = {
  db: Db;
  config: Config;
  queue: MailQueue;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
};

/** A person's name as mail shows it, falling back to their address. */
export const nameOf = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;
