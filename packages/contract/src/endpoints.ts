import { agentEndpoints } from './agent';
import { analyticsEndpoints } from './analytics';
import { appConfigEndpoints } from './app-config';
import { assuranceEndpoints } from './assurance';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { connectedAppsEndpoints } from './connected-apps';
import { frameworkProgressEndpoints } from './framework-progress';
import { healthEndpoints } from './health';
import { impersonationEndpoints } from './impersonation';
import { integrationsEndpoints } from './integrations';
import { mailEndpoints } from './mail';
import { nudgesEndpoints } from './nudges';
import { organizationEndpoints } from './organization';
import { partnerEndpoints } from './partners';
import { phishingEndpoints } from './phishing';
import { providerEndpoints } from './provider-contracts';
import { riskAnalysesEndpoints } from './risk-analyses';
import { settingsEndpoints } from './settings';
import { setupEndpoints } from './setup';
import { tasksEndpoints } from './tasks';
import { toursEndpoints } from './tours';
import { trustCenterEndpoints } from './trust-center';
import { ownAccountEndpoints, userManagementEndpoints } from './users';
import { watchEndpoints } from './watch';

/** The endpoints by the part of the product they serve, as the API reference lists them. */
export const ENDPOINT_GROUPS = {
  Service: { ...healthEndpoints, ...appConfigEndpoints },
  "Signing in and out, the signed-in user's own account": {
    ...authEndpoints,
    ...ownAccountEndpoints,
  },
  'The organisation': { ...organizationEndpoints, ...setupEndpoints },
  'Partners: an IT provider looking after client organisations': { ...partnerEndpoints },
  'Billing (Stripe)': { ...billingEndpoints },
  'Analytics and browser errors': { ...analyticsEndpoints },
  "The administrators' guided tour": { ...toursEndpoints },
  'Tasks and score': { ...tasksEndpoints },
  'Risk analysis': { ...riskAnalysesEndpoints },
  'Continuous watch': { ...watchEndpoints },
  Integrations: { ...integrationsEndpoints, ...providerEndpoints, ...connectedAppsEndpoints },
  Frameworks: { ...frameworkProgressEndpoints },
  'Proof: attestations, readiness, reports and the board': { ...assuranceEndpoints },
  Settings: { ...settingsEndpoints },
  'E-mail': { ...mailEndpoints },
  'Nudges and escalation': { ...nudgesEndpoints },
  'Phishing practice': { ...phishingEndpoints },
  'User management': { ...userManagementEndpoints },
  "Trust center: Castellan's own page, and the pages organisations publish": {
    ...trustCenterEndpoints,
  },
  'Endpoint agent': { ...agentEndpoints },
  'Impersonation (staff)': { ...impersonationEndpoints },
} as const;

type Groups = typeof ENDPOINT_GROUPS;
type Joined<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? I
  : never;

/**
 * Every JSON endpoint of the API (paths under /api). Outside it: the sign-in redirects
 * `GET /auth/:provider/login` and `GET /auth/:provider/callback`, Stripe's webhook
 * `POST /stripe/webhook` (Stripe's own signed event format), and `GET /docs` (this list as an
 * OpenAPI document).
 */
export const endpoints = Object.assign({}, ...Object.values(ENDPOINT_GROUPS)) as Joined<
  Groups[keyof Groups]
>;

export type EndpointName = keyof typeof endpoints;
