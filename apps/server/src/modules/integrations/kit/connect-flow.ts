import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { SecretBox } from '../../../lib/secret-box';
import { cookieName, secureCookies } from '../../sessions/cookie-policy';
import type { ActiveSession } from '../../sessions/repository';

const FLOW_MINUTES = 10;

const flowState = z.object({
  state: z.string(),
  verifier: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  expiresAt: z.number(),
});

/** What the provider is sent: the state to echo and, for PKCE, the verifier's challenge. */
export type FlowStart = { state: string; codeChallenge: string };
export type OpenFlow = { verifier: string };

/**
 * A connect flow's state and PKCE verifier, sealed in a cookie bound to the administrator who
 * started it, for the provider's callback to check: the same admin of the same organisation,
 * within ten minutes, echoing the same state.
 */
export function connectFlow(
  config: Config,
  box: SecretBox,
  where: { cookie: string; path: string },
) {
  const cookie = cookieName(config, where.cookie, '__Secure-');
  const attributes = (request: FastifyRequest) => ({
    path: where.path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config, request),
  });

  return {
    start(request: FastifyRequest, reply: FastifyReply, session: ActiveSession): FlowStart {
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(24).toString('base64url');
      const flow = {
        state,
        verifier,
        userId: session.user.id,
        organizationId: session.organization.id,
        expiresAt: Date.now() + FLOW_MINUTES * 60_000,
      };
      reply.setCookie(cookie, box.seal(JSON.stringify(flow), where.cookie), {
        ...attributes(request),
        maxAge: FLOW_MINUTES * 60,
      });
      return { state, codeChallenge: createHash('sha256').update(verifier).digest('base64url') };
    },

    /** The flow the callback belongs to, or null when it is not this admin's, expired or forged. */
    open(request: FastifyRequest, state: string | undefined): OpenFlow | null {
      const session = request.session;
      const sealed = request.cookies[cookie];
      if (!session || !sealed || session.user.role !== 'admin') return null;
      let flow: z.infer<typeof flowState>;
      try {
        flow = flowState.parse(JSON.parse(box.open(sealed, where.cookie)));
      } catch {
        return null;
      }
      const valid =
        flow.expiresAt >= Date.now() &&
        flow.state === state &&
        flow.userId === session.user.id &&
        flow.organizationId === session.organization.id;
      return valid ? { verifier: flow.verifier } : null;
    },

    /** Ends the flow (its cookie goes) and sends the browser on. */
    finish(request: FastifyRequest, reply: FastifyReply, to: string) {
      return reply.clearCookie(cookie, attributes(request)).redirect(to);
    },
  };
}

export type ConnectFlow = ReturnType<typeof connectFlow>;

/**
 * The connect and callback routes: limited per client address and minute, and audited while
 * impersonating, as they change state although they are GETs.
 */
export const CONNECT_ROUTE = {
  rateLimit: { max: 20, timeWindow: '1 minute' },
  changesState: true,
};
