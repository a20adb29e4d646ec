import { PROVIDERS } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECT_ROUTE, connectFlow } from '../kit/connect-flow';
import type { IntegrationsContext } from '../kit/context';
import { recordGrant } from '../kit/grants';
import {
  debugMetaToken,
  exchangeMetaCode,
  longLivedMetaToken,
  metaDialogUrl,
  missingMetaScopes,
} from './index';
import { metaClientConfig } from './meta-client-config';
import { META_GRANTS } from './revoke-grant';

/** Where the popup lands: the page says how it went and closes itself (spec §2 /facebook-success). */
const LANDING = '/facebook-success';
const landing = (outcome?: 'cancelled' | 'refused' | 'failed') =>
  outcome ? `${LANDING}?outcome=${outcome}` : LANDING;

const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Connecting Meta (spec §7: a popup opens /api/facebook/auth): the Facebook Login dialog asking for
 * business management, its state bound to the admin's session. The callback swaps the code for a
 * long-lived token and checks with debug_token that the permission was granted.
 */
export const metaConnectRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const flows = connectFlow(ctx.config, ctx.box, {
      cookie: 'castellan_meta_connect',
      path: '/api/facebook',
    });

    app.get(
      PROVIDERS.meta.connect.start,
      { config: CONNECT_ROUTE, schema: { hide: true }, onRequest: app.loadUser },
      async (request, reply) => {
        const session = request.session;
        const meta = metaClientConfig(ctx.config);
        if (session?.user.role !== 'admin' || !meta) {
          return reply.redirect(landing('refused'));
        }
        const { state } = flows.start(request, reply, session);
        return reply.redirect(metaDialogUrl(meta, { state }));
      },
    );

    app.get(
      PROVIDERS.meta.connect.callback,
      {
        config: CONNECT_ROUTE,
        schema: { hide: true, querystring: callbackQuery },
        onRequest: app.loadUser,
      },
      async (request, reply) => {
        const session = request.session;
        const meta = metaClientConfig(ctx.config);
        const { code, state, error } = request.query;
        const flow = flows.open(request, state);
        if (!session || !meta || !flow) return flows.finish(request, reply, landing('refused'));
        if (error || !code) {
          request.log.info({ error }, 'Meta connect cancelled');
          return flows.finish(request, reply, landing('cancelled'));
        }
        try {
          const short = await exchangeMetaCode(meta, code);
          const token = await longLivedMetaToken(meta, short.accessToken);
          const info = await debugMetaToken(meta, token.accessToken);
          const permitted = info.isValid && missingMetaScopes(info.scopes).length === 0;
          const outcome = await recordGrant(
            ctx,
            session,
            META_GRANTS,
            {
              accessToken: token.accessToken,
              refreshToken: null,
              expiresAt: token.expiresAt ?? info.expiresAt,
              scopes: info.scopes,
              accountId: info.userId,
            },
            permitted,
          );
          request.log.info({ integration: 'meta', outcome }, 'Meta connect finished');
          return flows.finish(
            request,
            reply,
            landing(outcome === 'connected' ? undefined : 'refused'),
          );
        } catch (err) {
          request.log.warn({ err }, 'Meta connect failed');
          return flows.finish(request, reply, landing('failed'));
        }
      },
    );
  };
