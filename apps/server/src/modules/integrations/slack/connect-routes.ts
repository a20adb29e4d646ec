import { PROVIDERS } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECT_ROUTE, connectFlow } from '../kit/connect-flow';
import type { IntegrationsContext } from '../kit/context';
import { recordGrant } from '../kit/grants';
import { slackClientConfig } from './client-config';
import { exchangeSlackCode, missingSlackScopes, slackAuthorizeUrl } from './oauth';
import { SLACK_GRANTS } from './revoke-grant';
import { sealedSlackGrant } from './stored-grant';

const BACK = {
  done: '/integrations?slack=true',
  /** A callback this browser's signed-in admin did not start (or no longer can finish). */
  refused: '/integrations?refused=slack-state',
};

const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Installing the Castellan app in a Slack workspace (OAuth v2): the authorize page asks for the
 * bot scopes and the channel of the daily summary; the callback swaps the code for the bot token
 * and the channel's webhook, sealed together. The workspace is the integration's account.
 */
export const slackConnectRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const flows = connectFlow(ctx.config, ctx.box, {
      cookie: 'castellan_slack_connect',
      path: '/api/slack',
    });
    const back = flows.finish;

    app.get(
      PROVIDERS.slack.connect.start,
      { config: CONNECT_ROUTE, schema: { hide: true }, onRequest: app.loadUser },
      async (request, reply) => {
        const session = request.session;
        if (!session) return reply.redirect('/?login=true');
        const slack = slackClientConfig(ctx.config);
        if (session.user.role !== 'admin' || !slack) return reply.redirect(BACK.done);
        const { state } = flows.start(request, reply, session);
        return reply.redirect(slackAuthorizeUrl(slack, { state }));
      },
    );

    app.get(
      PROVIDERS.slack.connect.callback,
      {
        config: CONNECT_ROUTE,
        schema: { hide: true, querystring: callbackQuery },
        onRequest: app.loadUser,
      },
      async (request, reply) => {
        const session = request.session;
        const slack = slackClientConfig(ctx.config);
        const { code, state, error } = request.query;
        const flow = flows.open(request, state);
        if (!slack) return back(request, reply, BACK.done);
        if (!session || !flow) return back(request, reply, BACK.refused);
        if (error || !code) {
          request.log.info({ error }, 'Slack install cancelled');
          return back(request, reply, BACK.done);
        }
        try {
          const install = await exchangeSlackCode(slack, code);
          const outcome = await recordGrant(
            ctx,
            session,
            SLACK_GRANTS,
            {
              accessToken: sealedSlackGrant(install.grant),
              refreshToken: null,
              // Bot tokens do not expire unless the app turns token rotation on (it must not).
              expiresAt: null,
              scopes: install.scopes,
              accountId: install.team.id,
            },
            missingSlackScopes(install.scopes).length === 0,
          );
          request.log.info({ integration: 'slack', outcome }, 'Slack install finished');
        } catch (err) {
          request.log.warn({ err }, 'Slack install failed');
        }
        return back(request, reply, BACK.done);
      },
    );
  };
