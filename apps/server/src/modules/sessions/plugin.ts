import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { hashToken } from '../../lib/hash-token';
import { clientOf } from './client-info';
import { cookieName, secureCookies } from './cookie-policy';
import { type ActiveSession, createSession, deleteSession } from './repository';
import type { SessionCache } from './session-cache';

/** The session cookie's name outside production; production adds the `__Host-` prefix. */
export const SESSION_COOKIE = 'castellan_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** The session cookie's name in this configuration (one place for reading and clearing it). */
    sessionCookieName: string;
    /** Whether the session cookie is Secure for this request. */
    secureSessionCookie: (request: FastifyRequest) => boolean;
    /** onRequest hook: loads the session and answers 401 when there is none. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: loads the session when there is one (for calls open to anyone). */
    loadUser: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The organisation the signed-in person belongs to: their own, even while they work in a client
 * as its partner. What is theirs alone (their mail, their time zone) lives there.
 */
export const homeOrganizationId = (session: ActiveSession) =>
  session.partner?.organization.id ?? session.organization.id;

/** The session of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

export async function registerSessions(
  app: FastifyInstance,
  config: Config,
  db: Db,
  cache: SessionCache,
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('session', null);
  const name = cookieName(config, SESSION_COOKIE, '__Host-');
  app.decorate('sessionCookieName', name);
  app.decorate('secureSessionCookie', (request: FastifyRequest) => secureCookies(config, request));

  const loadUser = async (request: FastifyRequest) => {
    const token = request.cookies[name];
    request.session = token ? await cache.find(db, token, config.session.idleMs) : null;
  };
  app.decorate('loadUser', loadUser);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await loadUser(request);
    if (!request.session) throw new UnauthorizedError();
  });
}

/** How a session being started ends and whom it belongs to beyond its user. */
export type SessionOptions = {
  /** The absolute end of the session; SESSION_MAX_HOURS from now by default. */
  expiresAt?: Date;
  /** The staff member who will act as the user (impersonation), and when their own session ends. */
  impersonator?: { userId: string; sessionExpiresAt: Date };
};

/** Signs in: any session the browser already had is ended and a new id is issued. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  db: Db,
  user: { id: string; organizationId: string },
  options: SessionOptions = {},
): Promise<void> {
  const { sessionCookieName } = request.server;
  const previous = request.cookies[sessionCookieName];
  if (previous) await deleteSession(db, hashToken(previous));
  const now = Date.now();
  const expiresAt = options.expiresAt ?? new Date(now + config.session.maxAgeMs);
  const { token } = await createSession(db, {
    userId: user.id,
    organizationId: user.organizationId,
    expiresAt,
    client: clientOf(request),
    impersonator: options.impersonator ?? null,
  });
  reply.setCookie(sessionCookieName, token, {
    ...cookieAttributes(request),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)),
  });
}

export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
): Promise<void> {
  const { sessionCookieName } = request.server;
  const token = request.cookies[sessionCookieName];
  if (token) await deleteSession(db, hashToken(token));
  request.session = null;
  // A browser ignores a Set-Cookie for a `__Host-` cookie without Secure, even one that clears it.
  reply.clearCookie(sessionCookieName, cookieAttributes(request));
}

const cookieAttributes = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.secureSessionCookie(request),
});
