import { endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { route } from '../sessions/route';

export const appConfigRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAppConfig, async () => ({
      productDomain: config.productDomain,
      supportEmail: config.supportEmail,
      testLogin: config.testLogin,
      posthog: config.posthog,
      sentryDsn: config.sentryDsn,
    }));
  };
