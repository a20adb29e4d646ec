import type { Db } from '../../db/client';
import { purgeMessageBodies } from './repository';

/** How long a message's subject and bodies are kept. */
export const MESSAGE_BODY_DAYS = 30;

export const purgeOldMessageBodies = (db: Db, now = new Date()) =>
  purgeMessageBodies(db, new Date(now.getTime() - MESSAGE_BODY_DAYS * 86_400_000));
