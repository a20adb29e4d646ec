import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { analyticsRoutes } from './modules/analytics/routes';
import { appConfigRoutes } from './modules/app-config/routes';
import { createOidcProviders } from './modules/auth/oidc/providers';
import { oidcRoutes } from './modules/auth/oidc/routes';
import { authRoutes } from './modules/auth/routes';
import { testLoginRoutes } from './modules/auth/test-login-routes';
import { healthRoutes } from './modules/health/routes';
import { impersonationRoutes } from './modules/impersonation/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { riskAnalysisRoutes } from './modules/risk-analysis/routes';
import { ScanRunner } from './modules/risk-analysis/scan-runner';
import { type ScannerOverrides, scannerOptions } from './modules/risk-analysis/scanner/options';
import { taskRoutes } from './modules/tasks/routes';
import { tourRoutes } from './modules/tours/routes';
import { accountRoutes } from './modules/users/account-routes';
import { userRoutes } from './modules/users/routes';
import { apiDefaults } from './plugins/api-defaults';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSessions } from './plugins/session';
import { registerWebApp } from './plugins/web-app';

/** Largest JSON body the API accepts; nothing the app sends comes close. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** What tests may change beyond the configuration. */
export type AppExtras = { scanner?: ScannerOverrides };

export async function buildApp(
  config: Config,
  database: Database,
  extras: AppExtras = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  app.addHook('onRoute', apiDefaults);
  app.addHook('onClose', () => database.close());
  const scans = new ScanRunner(database.db, scannerOptions(config, extras.scanner), app.log);
  // Scans in progress finish (within their time limit) before the database closes.
  app.addHook('preClose', () => scans.close());
  app.addHook('onReady', async () => {
    const failed = await scans.failAbandoned();
    if (failed > 0) app.log.warn({ scans: failed }, 'marked interrupted scans as failed');
  });

  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  await app.register(rateLimit, { global: false });
  await registerSessions(app, config, database.db);
  await app.register(swagger, {
    openapi: { info: { title: 'Castellan API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes(config, database.db));
      await api.register(oidcRoutes(config, database.db, createOidcProviders(config)));
      if (config.testLogin) await api.register(testLoginRoutes(config, database.db));
      await api.register(organizationRoutes(config, database.db));
      await api.register(appConfigRoutes(config));
      await api.register(analyticsRoutes(database.db));
      await api.register(tourRoutes(database.db));
      await api.register(taskRoutes(database.db));
      await api.register(riskAnalysisRoutes(config, database.db, scans));
      await api.register(userRoutes(database.db));
      await api.register(accountRoutes(database.db));
      await api.register(impersonationRoutes(config, database.db));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDistDir);
  return app;
}
