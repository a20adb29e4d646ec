import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { UnauthorizedError } from '../lib/errors';
import {
  type ActiveSession,
  createSession,
  deleteSession,
  findActiveSession,
  hashToken,
  touchSession,
} from '../modules/auth/session-store';

export const SESSION_COOKIE = 'castellan_session';
/** Writing last-seen on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** onRequest hook: loads the session and answers 401 when there is none. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: loads the session when there is one (for calls open to anyone). */
    loadUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The session of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

export async function registerSessions(
  app: FastifyInstance,
  config: Config,
  db: Db,
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('session', null);

  const loadUser = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findActiveSession(db, token, config.session.idleMs) : null;
    if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(db, session.tokenHash);
    }
    request.session = session;
  };
  app.decorate('loadUser', loadUser);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await loadUser(request);
    if (!request.session) throw new UnauthorizedError();
  });
}

const secureCookies = (config: Config, request: FastifyRequest): boolean =>
  request.protocol === 'https' || config.publicUrl.startsWith('https:');

/** Signs in: any session the browser already had is ended and a new id is issued. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  db: Db,
  user: { id: string; organizationId: string },
  /** The staff member who will act as `user` in this session (impersonation). */
  impersonatorUserId: string | null = null,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, hashToken(previous));
  const { token } = await createSession(db, {
    userId: user.id,
    organizationId: user.organizationId,
    maxAgeMs: config.session.maxAgeMs,
    impersonatorUserId,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(config, request),
    maxAge: Math.floor(config.session.maxAgeMs / 1000),
  });
}

export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, hashToken(token));
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
