import { PROVIDERS } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECT_ROUTE, connectFlow } from '../kit/connect-flow';
import type { IntegrationsContext } from '../kit/context';
import { recordGrant } from '../kit/grants';
import { googleClientConfig } from './google-client-config';
import {
  exchangeGoogleCode,
  type GoogleGrant,
  googleAuthorizeUrl,
  missingScopes,
  revokeGoogleToken,
} from './index';
import { GOOGLE_GRANTS } from './revoke-grant';
import { administersWorkspace } from './workspace-admin';

const BACK = {
  done: '/integrations?gws=true',
  permissions: '/integrations?googleWorkspacePermissionsRequired=true',
  /** A callback this browser's signed-in admin did not start (or no longer can finish). */
  refused: '/integrations?refused=gws-state',
};

const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Connecting Google Workspace (spec §7: the browser goes to /api/google/integrate): the OAuth
 * 2.0 authorization-code flow with PKCE, offline access and read-only admin scopes. The callback
 * checks that every scope was granted and that the account administers the organisation's
 * workspace; otherwise the integration is `permission_missing` and the page explains.
 */
export const googleConnectRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = ctx;
    const flows = connectFlow(config, ctx.box, {
      cookie: 'castellan_gws_connect',
      path: '/api/google',
    });
    const back = flows.finish;

    app.get(
      PROVIDERS.gws.connect.start,
      { config: CONNECT_ROUTE, schema: { hide: true }, onRequest: app.loadUser },
      async (request, reply) => {
        const session = request.session;
        if (!session) return reply.redirect('/?login=true');
        const google = googleClientConfig(config);
        if (session.user.role !== 'admin' || !google) return reply.redirect(BACK.done);
        const { state, codeChallenge } = flows.start(request, reply, session);
        return reply.redirect(
          googleAuthorizeUrl(google, { state, codeChallenge, loginHint: session.user.email }),
        );
      },
    );

    app.get(
      PROVIDERS.gws.connect.callback,
      {
        config: CONNECT_ROUTE,
        schema: { hide: true, querystring: callbackQuery },
        onRequest: app.loadUser,
      },
      async (request, reply) => {
        const session = request.session;
        const google = googleClientConfig(config);
        const { code, state, error } = request.query;
        const flow = flows.open(request, state);
        if (!google) return back(request, reply, BACK.done);
        if (!session || !flow) return back(request, reply, BACK.refused);
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
        const outcome = await recordGrant(ctx, session, GOOGLE_GRANTS, grant, permitted);
        if (outcome === 'permission_missing') return back(request, reply, BACK.permissions);
        request.log.info({ integration: 'gws' }, 'Google Workspace connected');
        return back(request, reply, BACK.done);
      },
    );
  };
