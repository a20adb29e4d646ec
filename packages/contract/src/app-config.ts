import { z } from 'zod';
import { endpoint } from './endpoint';

/** `GET /api/app-config`: public settings the web app needs before anyone signs in. */
export const appConfig = z.object({
  productDomain: z.string(),
  /** Where users write for help. */
  supportEmail: z.string(),
  testLogin: z.boolean(),
  /** A PostHog-compatible analytics host and its public project key, when configured. */
  posthog: z.object({ host: z.string(), key: z.string() }).nullable(),
  /** A Sentry DSN (public by design) for browser errors, when configured. */
  sentryDsn: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const appConfigEndpoints = {
  getAppConfig: endpoint({
    method: 'GET',
    path: '/app-config',
    access: 'public',
    response: { 200: appConfig },
    summary: 'Settings the web app needs before anyone signs in',
  }),
};
