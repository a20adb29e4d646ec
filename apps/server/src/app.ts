import type { Writable } from 'node:stream';
import type { ScannerOverrides } from '@castellan/scanner';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { ChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import { type Jobs, type JobsOptions, startJobs } from './jobs';
import { AnswerCache } from './lib/answer-cache';
import { resolveEncryptionKey } from './lib/encryption-key';
import type { IntegrationAlerts } from './lib/mail-queue';
import { SecretBox } from './lib/secret-box';
import { agentDownloadRoutes } from './modules/agent/download-routes';
import { manifestSigner } from './modules/agent/manifest';
import { agentRoutes } from './modules/agent/routes';
import { allowListRoutes } from './modules/allow-list/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { appConfigRoutes } from './modules/app-config/routes';
import { attackGraphRoutes } from './modules/attack-graph/routes';
import { registerActingAudit } from './modules/audit/acting-audit';
import { createOidcProviders } from './modules/auth/oidc/providers';
import { oidcRoutes } from './modules/auth/oidc/routes';
import { authRoutes } from './modules/auth/routes';
import { testLoginRoutes } from './modules/auth/test-login-routes';
import { billingRoutes } from './modules/billing/routes';
import { stripeClient } from './modules/billing/stripe-client';
import { stripeWebhookRoutes } from './modules/billing/webhook-routes';
import { connectedAppsRoutes } from './modules/connected-apps/routes';
import { judgeDevices } from './modules/devices/judge-devices';
import { deviceRoutes } from './modules/devices/routes';
import { frameworkRoutes } from './modules/frameworks/routes';
import { healthRoutes } from './modules/health/routes';
import { impersonationRoutes } from './modules/impersonation/routes';
import { integrationRoutes } from './modules/integrations/routes';
import type { IntegrationsContext } from './modules/integrations/service';
import { suiteAppsOf } from './modules/integrations/suite-apps';
import { judgeIntegrations } from './modules/integrations/suites';
import { integrationSyncs } from './modules/integrations/syncs';
import { integrationAlerts } from './modules/mail/alerts';
import type { MailContext } from './modules/mail/context';
import { invitationsOf } from './modules/mail/invitations';
import { mailRoutes } from './modules/mail/routes';
import { UnsubscribeTokens } from './modules/mail/unsubscribe-token';
import { lastNudgesOf } from './modules/nudges/last-nudges';
import { nudgeRoutes } from './modules/nudges/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { overviewRoutes } from './modules/overview/routes';
import { partnerRoutes } from './modules/partners/routes';
import { startReportListener } from './modules/phishing/report-listener';
import { phishingRoutes } from './modules/phishing/routes';
import { readinessRoutes } from './modules/readiness/routes';
import { reportRoutes } from './modules/reports/routes';
import { riskAnalysisRoutes } from './modules/risk-analysis/routes';
import { scoreRoutes } from './modules/score/routes';
import { registerPartnerReadOnly } from './modules/sessions/access';
import { registerSessions } from './modules/sessions/plugin';
import { userSessionRoutes } from './modules/sessions/routes';
import { SessionCache } from './modules/sessions/session-cache';
import { setupRoutes } from './modules/setup/routes';
import { attachmentStore } from './modules/tasks/attestations/attachment-store';
import { attestationRoutes } from './modules/tasks/attestations/routes';
import { taskRoutes } from './modules/tasks/routes';
import { tourRoutes } from './modules/tours/routes';
import { securityTxtRoute, trustCenterRoutes } from './modules/trust-center/routes';
import { trustedDomainRoutes } from './modules/trusted-domains/routes';
import { accountRoutes } from './modules/users/account-routes';
import { userRoutes } from './modules/users/routes';
import { watchRoutes } from './modules/watch/routes';
import { apiDefaults } from './plugins/api-defaults';
import { registerApiNoStore } from './plugins/api-no-store';
import { registerChangeBarrier } from './plugins/change-barrier';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerJsonBody } from './plugins/json-body';
import { registerOriginCheck } from './plugins/origin-check';
import { registerRateLimits } from './plugins/rate-limits';
import { requestLogFields } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

/** Largest JSON body the API accepts; nothing the app sends comes close. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify no longer counts hops itself (a number trusts
 * nobody), so a hop count becomes a function trusting that many addresses nearest the server:
 * the client is then the one the outermost trusted proxy saw, whatever it claims further left.
 */
function trustProxyOption(trusted: Config['trustProxy']) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background jobs (tests wait for them with `app.jobs.drained()`). */
    jobs: Jobs;
  }
}

/** What main.ts and tests may change beyond the configuration. */
export type AppExtras = {
  scanner?: ScannerOverrides;
  logStream?: Writable;
  /** Scheduling, the integration syncs, and the queue's intervals. */
  jobs?: Omit<JobsOptions, 'scanner'>;
  /**
   * Tests: each request first hears every change committed before it. A test writes to the
   * database around the app, as another process would, but without the barrier that process
   * would pass before answering (change-feed.ts).
   */
  settleBeforeRequests?: boolean;
};

export async function buildApp(
  config: Config,
  database: Database,
  extras: AppExtras = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: requestLogFields },
      ...(extras.logStream ? { stream: extras.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A domain name may be 253 characters long (public reports, trust pages); Fastify's default is 100.
    routerOptions: { maxParamLength: 300 },
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGracefulClose(app);
  registerJsonBody(app);
  app.addHook('onRoute', apiDefaults);
  const changes = await ChangeFeed.open(database);
  app.addHook('onClose', async () => {
    await changes.close();
    await database.close();
  });
  if (extras.settleBeforeRequests) app.addHook('onRequest', () => changes.settle());
  const encryption = resolveEncryptionKey(config);
  app.log.info({ origin: encryption.origin }, 'provider tokens are encrypted with this key');
  const box = new SecretBox(encryption.key);
  // Syncs are defined before the jobs start, and their alerts need the jobs' mail queue: an
  // alert raised meanwhile waits for it.
  let mailReady: (mail: MailContext) => void = () => {};
  const mailStarted = new Promise<MailContext>((resolve) => {
    mailReady = resolve;
  });
  const alerts: IntegrationAlerts = {
    tokenRevoked: async (organizationId, integrationId) =>
      integrationAlerts(await mailStarted).tokenRevoked(organizationId, integrationId),
  };
  // The devices module judges the device tasks from every source: the agent's routes and the
  // integrations' syncs and disconnects call on it without importing it.
  const devices = { judge: judgeDevices };
  const jobs = await startJobs(database, config, app.log, {
    integrationSyncs: integrationSyncs({ config, box, log: app.log, alerts, devices }),
    unsubscribeTokens: new UnsubscribeTokens(encryption.key),
    ...extras.jobs,
    ...(extras.scanner ? { scanner: extras.scanner } : {}),
  });
  mailReady(jobs.mail);
  const { reportSmtpPort } = config.phishing;
  // Reports are background work: a web process leaves them to the workers.
  if (reportSmtpPort !== null && config.role !== 'web') {
    const reports = await startReportListener(jobs.mail, reportSmtpPort, config.host);
    app.addHook('preClose', () => reports.close());
  }
  if (!config.mail.enabled) app.log.info('mail is off (MAIL_ENABLED): no e-mail is sent');
  app.decorate('jobs', jobs);
  // Jobs in progress end (or are queued again) before the database closes.
  app.addHook('preClose', () => jobs.stop());
  const integrations: IntegrationsContext = {
    db: database.db,
    config,
    box,
    syncQueue: jobs.syncs,
    log: app.log,
    alerts,
    devices,
  };

  if (config.role === 'worker') refuseAllButHealth(app);
  registerSecurityHeaders(app, config);
  registerApiNoStore(app);
  registerOriginCheck(app, config);
  await registerRateLimits(app, config);
  await registerSessions(app, config, database.db, new SessionCache(changes));
  registerChangeBarrier(app, changes);
  registerActingAudit(app, database.db);
  registerPartnerReadOnly(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Castellan API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes(database));
      await api.register(authRoutes(config, database.db));
      await api.register(userSessionRoutes(config, database.db));
      const oidcProviders = createOidcProviders(config);
      await api.register(oidcRoutes(config, database.db, oidcProviders));
      // Only a listening server (not app.inject() in tests) looks the providers up ahead of time.
      app.addHook('onListen', () => {
        void oidcProviders.warmUp().then((unreachable) => {
          if (unreachable.length > 0) {
            app.log.warn({ unreachable }, 'sign-in providers not reachable yet; retried on use');
          }
        });
      });
      if (config.testLogin) {
        app.log.warn(
          `test login is on (${config.testLoginReason}): anyone reaching the server can sign in as a demo user`,
        );
        await api.register(testLoginRoutes(config, database.db));
      }
      await api.register(organizationRoutes(config, database.db));
      // A baseline's trusted domains and approved apps decide suite checks: judge them again.
      await api.register(
        partnerRoutes(database.db, (organizationId) =>
          judgeIntegrations(database.db, organizationId),
        ),
      );
      await api.register(overviewRoutes(database.db));
      await api.register(setupRoutes(database.db));
      await api.register(appConfigRoutes(config));
      await api.register(analyticsRoutes(database.db));
      await api.register(tourRoutes(database.db));
      // One cache for the task endpoints' answers in this app (see lib/answer-cache.ts).
      const answers = new AnswerCache();
      await api.register(taskRoutes(database.db, answers));
      await api.register(attestationRoutes(database.db, attachmentStore(config.attachments)));
      // Company status says when each member was last nudged: the nudges module knows.
      await api.register(scoreRoutes(database.db, answers, lastNudgesOf));
      await api.register(frameworkRoutes(database.db));
      await api.register(readinessRoutes(database.db));
      await api.register(reportRoutes(config, database.db));
      await api.register(riskAnalysisRoutes(config, database.db, jobs.scans));
      await api.register(watchRoutes(config, database.db, jobs.scans, jobs.ctSearches));
      await api.register(attackGraphRoutes(database.db));
      await api.register(userRoutes(database.db, invitationsOf(jobs.mail)));
      await api.register(mailRoutes(jobs.mail));
      await api.register(nudgeRoutes(jobs.nudges));
      await api.register(phishingRoutes(config, database.db));
      await api.register(accountRoutes(database.db));
      await api.register(impersonationRoutes(config, database.db));
      await api.register(trustCenterRoutes(config, database.db));
      await api.register(agentRoutes(config, database.db, manifestSigner(encryption.key), devices));
      await api.register(deviceRoutes(config, database.db));
      await api.register(agentDownloadRoutes(config));
      await api.register(integrationRoutes(integrations));
      // Approving or removing an exception changes which shares are flagged: judge them again.
      await api.register(
        allowListRoutes(database.db, (organizationId) =>
          judgeIntegrations(database.db, organizationId),
        ),
      );
      // Approving an app with access decides the suites' third-party apps task: judge it again.
      await api.register(
        connectedAppsRoutes(database.db, {
          suiteApps: (organizationId) => suiteAppsOf(database.db, organizationId),
          onApprovedChange: (organizationId) => judgeIntegrations(database.db, organizationId),
        }),
      );
      // Trusted domains count as internal: shares with them are judged again too.
      await api.register(
        trustedDomainRoutes(database.db, (organizationId) =>
          judgeIntegrations(database.db, organizationId),
        ),
      );
      await api.register(
        billingRoutes(config, database.db, config.stripe ? stripeClient(config.stripe) : null),
      );
      await api.register(stripeWebhookRoutes(config, database.db));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(securityTxtRoute(config));
  await registerWebApp(app, config.webDistDir);
  return app;
}

/** A worker's HTTP port is for its health check only (orchestrators probe it). */
function refuseAllButHealth(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === '/api/health') return;
    return reply.code(404).send({
      error:
        'This process runs background jobs only (ROLE=worker): send requests to a web process.',
    });
  });
}
