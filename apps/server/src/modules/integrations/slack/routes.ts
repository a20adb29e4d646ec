import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { IntegrationsContext } from '../kit/context';
import { slackConnectRoutes } from './connect-routes';
import { slackInteractionRoutes } from './interaction-routes';
import { slackWorkspace } from './workspace';

/** Installing the Slack app, the button presses Slack posts back, and what it found of the workspace. */
export const slackRoutes =
  (ctx: IntegrationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(slackConnectRoutes(ctx));
    await app.register(slackInteractionRoutes(ctx));
    route(app, endpoints.getSlackWorkspace, async (request) =>
      slackWorkspace(ctx.db, sessionOf(request).organization.id),
    );
  };
