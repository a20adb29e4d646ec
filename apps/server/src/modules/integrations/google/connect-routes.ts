import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieName, secureCookies } from '../../sessions/cookie-policy';
import { googleClientConfig } from '../provider-grants';
import type { IntegrationsContext } from '../service';
import { recordGoogleGrant } from './grant';
import {
  exchangeGoogleCode,
  type GoogleGrant,
  googleAuthorizeUrl,
  missingScopes,
  revokeGoogleToken,
} from './index';
import { administersWorkspace } from './workspace-admin';

/** The connect flow's state and PKCE verifier, sealed in a cookie bound to the admin who started it. */
const FLOW_COOKIE = 'castellan_gws_connect';
const FLOW_PATH = '/api/google';
const FLOW_MINUTES = 10;
const BACK = {
  done: '/integrations?gws=true',
  permissions: '/integrations?googleWorkspacePermissionsRequired=true',
};

const flowState = z.object({
  state: z.string(),
  verifier: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  expiresAt: z.number(),
});

const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

const connectLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/**
 * Connecting Google Workspace (spec §7: the browser goes to /api/google/integrate): the OAuth
 * 2.0 authorization-code flow with PKCE, offline access and read-only admin scopes. The callback
 * checks that every scope was granted and that the account administers the organisation's
 * workspace; otherwise the integration is `permission_missing` and the page explains.
 */
export const googleConnectRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, box } = ctx;
    const cookie = cookieName(config, FLOW_COOKIE, '__Secure-');
    const cookieAttributes = (request: FastifyRequest) => ({
      path: FLOW_PATH,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secureCookies(config, request),
    });
    const back = (request: FastifyRequest, reply: FastifyReply, to: string) =>
      reply.clearCookie(cookie, cookieAttributes(request)).redirect(to);

    app.get(
      '/google/integrate',
      { config: connectLimit, schema: { hide: true }, onRequest: app.loadUser },
      async (request, reply) => {
        const session = request.session;
        if (!session) return reply.redirect('/?login=true');
        const google = googleClientConfig(config);
        if (session.user.role !== 'admin' || !google) return reply.redirect(BACK.done);
        const verifier = randomBytes(32).toString('base64url');
        const state = randomBytes(24).toString('base64url');
        const flow = {
          state,
          verifier,
          userId: session.user.id,
          organizationId: session.organization.id,
          expiresAt: Date.now() + FLOW_MINUTES * 60_000,
        };
        reply.setCookie(cookie, box.seal(JSON.stringify(flow), FLOW_COOKIE), {
          ...cookieAttributes(request),
          maxAge: FLOW_MINUTES * 60,
        });
        const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
        return reply.redirect(
          googleAuthorizeUrl(google, { state, codeChallenge, loginHint: session.user.email }),
        );
      },
    );

    app.get(
      '/google/integrate/callback',
      {
        config: connectLimit,
        schema: { hide: true, querystring: callbackQuery },
        onRequest: app.loadUser,
      },
      async (request, reply) => {
        const session = request.session;
        const google = googleClientConfig(config);
        const flow = openFlow(request.cookies[cookie]);
        const { code, state, error } = request.query;
        if (
          !session ||
          !google ||
          !flow ||
          flow.expiresAt < Date.now() ||
          flow.state !== state ||
          flow.userId !== session.user.id ||
          flow.organizationId !== session.organization.id ||
          session.user.role !== 'admin'
        ) {
          return back(request, reply, BACK.done);
        }
        if (error || !code) {
          request.log.info({ error }, 'Google Workspace connect cancelled or refused');
          return back(request, reply, BACK.done);
        }
        let grant: GoogleGrant;
        try {
          grant = await exchangeGoogleCode(google, code, flow.verifier);
        } catch (err) {
          request.log.warn({ err }, 'Google Workspace code exchange failed');
          return back(request, reply, BACK.done);
        }
        let permitted: boolean;
        try {
          permitted =
            missingScopes(grant.scopes).length === 0 &&
            (await administersWorkspace(google, grant, session.organization.domain));
        } catch (err) {
          request.log.warn({ err }, 'could not check the Google Workspace account');
          await revokeGoogleToken(google, grant.refreshToken ?? grant.accessToken).catch(() => {});
          return back(request, reply, BACK.done);
        }
        const outcome = await recordGoogleGrant(ctx, session, grant, permitted);
        if (outcome === 'permission_missing') return back(request, reply, BACK.permissions);
        request.log.info({ integration: 'gws' }, 'Google Workspace connected');
        return back(request, reply, BACK.done);
      },
    );

    function openFlow(sealed: string | undefined) {
      if (!sealed) return null;
      try {
        return flowState.parse(JSON.parse(box.open(sealed, FLOW_COOKIE)));
      } catch {
        return null;
      }
    }
  };
