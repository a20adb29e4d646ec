import { appConfig } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

export const appConfigRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/app-config', { schema: { response: { 200: appConfig } } }, async () => ({
      productDomain: config.productDomain,
      testLogin: config.testLogin,
      posthog: config.posthog,
      sentryDsn: config.sentryDsn,
    }));
  };
