import { z } from 'zod';
import {
  agentDeviceParams,
  agentDevicesQuery,
  agentDevicesResponse,
  agentDownloadsResponse,
  agentEnrollmentCode,
  agentReportRequest,
  agentReportResponse,
  enrollAgentRequest,
  enrollAgentResponse,
} from './agent';
import {
  analyticsEventsRequest,
  analyticsEventsResponse,
  clientError,
  clientErrorResponse,
} from './analytics';
import { appConfig } from './app-config';
import { attackGraphResponse } from './attack-graph';
import {
  authProvidersResponse,
  endUserSessionResponse,
  logoutResponse,
  testLoginRequest,
  testUsersResponse,
  userData,
  userSessionParams,
  userSessionsResponse,
} from './auth';
import { billingResponse, customerPortalQuery } from './billing';
import { endpoint } from './endpoint';
import { frameworksResponse } from './framework-progress';
import { healthResponse } from './health';
import {
  impersonationSearchQuery,
  impersonationSearchResponse,
  startImpersonationRequest,
} from './impersonation';
import {
  addAllowListRequest,
  allowListKey,
  allowListResponse,
  enableMetaMfaRequest,
  enableMetaMfaResponse,
  externalSharesResponse,
  integration,
  integrationParams,
  integrationsResponse,
  metaAccountsQuery,
  metaAccountsResponse,
  microsoftSummaryResponse,
  removeAllowListRequest,
  staleUsersResponse,
  superAdminCountResponse,
  syncQueuedResponse,
} from './integrations';
import {
  mailMessagesResponse,
  notificationSettingsResponse,
  resendInvitationResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  updateOrganizationMailRequest,
  updateOwnMailRequest,
} from './mail';
import { deleteOrganizationResponse, organization } from './organization';
import {
  completeRegistrationResponse,
  domainScanResponse,
  organizationAnalysisResponse,
  publicScanParams,
  publicScanRequest,
} from './risk-analyses';
import { trustedDomainsResponse, updateTrustedDomainsRequest } from './settings';
import {
  actionsQuery,
  actionsResponse,
  employeesResponse,
  markActionCompleteRequest,
  markActionCompleteResponse,
  scoreResponse,
} from './tasks';
import { startTourRequest, tourState, toursResponse, updateTourRequest } from './tours';
import {
  organizationTrustPage,
  organizationTrustPageParams,
  trustCenterResponse,
  trustPageSettings,
  updateTrustPageRequest,
} from './trust-center';
import {
  deleteAccountResponse,
  inviteMemberRequest,
  member,
  memberParams,
  membersResponse,
  removeMemberResponse,
  updateMemberRequest,
  updateProfileRequest,
} from './users';

/**
 * Every JSON endpoint of the API (paths under /api). Outside it: the sign-in redirects
 * `GET /auth/:provider/login` and `GET /auth/:provider/callback`, Stripe's webhook
 * `POST /stripe/webhook` (Stripe's own signed event format), and `GET /docs` (this list as an
 * OpenAPI document).
 */
export const endpoints = {
  // Service
  getHealth: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    response: { 200: healthResponse },
    summary: 'Whether the server and its database answer',
  }),
  getAppConfig: endpoint({
    method: 'GET',
    path: '/app-config',
    access: 'public',
    response: { 200: appConfig },
    summary: 'Settings the web app needs before anyone signs in',
  }),

  // Signing in and out, the signed-in user's own account
  getAuthProviders: endpoint({
    method: 'GET',
    path: '/auth/providers',
    access: 'public',
    response: { 200: authProvidersResponse },
    summary: 'The identity providers one can sign in with here',
  }),
  getTestUsers: endpoint({
    method: 'GET',
    path: '/auth/test-users',
    access: 'public',
    response: { 200: testUsersResponse },
    summary: 'Demo users the test login can sign in as (only when the test login is on)',
  }),
  testLogin: endpoint({
    method: 'POST',
    path: '/auth/test-login',
    access: 'public',
    body: testLoginRequest,
    response: { 200: userData },
    summary: 'Sign in as a demo user without a password (only when the test login is on)',
  }),
  getUserData: endpoint({
    method: 'GET',
    path: '/auth/user-data',
    access: 'user',
    response: { 200: userData },
    summary: 'The signed-in user',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'session',
    response: {
      200: logoutResponse,
      204: z.null().describe('An impersonation ended; the staff member is signed in again.'),
    },
    summary: 'Sign out, or end an impersonation',
  }),
  getSessions: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    access: 'user',
    response: { 200: userSessionsResponse },
    summary: 'The browsers the user is signed in with',
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    access: 'user',
    params: userSessionParams,
    response: { 200: endUserSessionResponse },
    summary: 'Sign out one of the user’s other browsers',
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/auth/profile',
    access: 'user',
    body: updateProfileRequest,
    response: { 200: userData },
    summary: 'Change the signed-in user’s name',
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/auth/delete-account',
    access: 'user',
    response: { 200: deleteAccountResponse },
    summary: 'Delete the signed-in user’s account (and the organisation with its last member)',
  }),

  // The organisation
  getOrganization: endpoint({
    method: 'GET',
    path: '/organization',
    access: 'user',
    response: { 200: organization },
    summary: 'The user’s organisation',
  }),
  deleteOrganization: endpoint({
    method: 'DELETE',
    path: '/organization',
    access: 'admin',
    response: { 200: deleteOrganizationResponse },
    summary: 'Delete the organisation (only on the product’s own domain)',
  }),
  completeRegistration: endpoint({
    method: 'POST',
    path: '/registration/complete',
    access: 'admin',
    response: { 200: completeRegistrationResponse },
    summary: 'End the organisation’s registration',
  }),

  // Billing (Stripe)
  openCustomerPortal: endpoint({
    method: 'GET',
    path: '/customer-portal',
    // A navigation: the handler sends visitors and members where the navigation guard would.
    access: 'session',
    query: customerPortalQuery,
    response: {
      303: z
        .null()
        .describe(
          'To Stripe’s customer portal (administrators); to /settings?billing=not-configured or =unavailable when it cannot open; to /?login=true when not signed in, /dashboard for members',
        ),
    },
    summary: 'Leave for Stripe’s customer portal, coming back to return_url (a browser navigation)',
  }),
  getBilling: endpoint({
    method: 'GET',
    path: '/billing',
    access: 'admin',
    response: { 200: billingResponse },
    summary: 'Whether billing is set up here, and the organisation’s subscription status',
  }),

  // Analytics and browser errors
  recordPageEvents: endpoint({
    method: 'POST',
    path: '/analytics/events',
    access: 'session',
    body: analyticsEventsRequest,
    response: { 200: analyticsEventsResponse },
    summary: 'Page views from a consenting browser',
  }),
  reportClientError: endpoint({
    method: 'POST',
    path: '/client-errors',
    access: 'session',
    body: clientError,
    response: { 200: clientErrorResponse },
    summary: 'An uncaught error in the browser (logged, not stored)',
  }),

  // The administrators' guided tour
  getTours: endpoint({
    method: 'GET',
    path: '/tours',
    access: 'admin',
    response: { 200: toursResponse },
    summary: 'Where the administrator is in the guided tours',
  }),
  startMainTour: endpoint({
    method: 'POST',
    path: '/tours/main',
    access: 'admin',
    body: startTourRequest,
    response: { 200: tourState },
    summary: 'Start or resume the main tour with its steps',
  }),
  updateMainTour: endpoint({
    method: 'PUT',
    path: '/tours/main',
    access: 'admin',
    body: updateTourRequest,
    response: { 200: tourState },
    summary: 'Record the step or the end of the main tour',
  }),

  // Tasks and score
  getActions: endpoint({
    method: 'GET',
    path: '/actions',
    access: 'user',
    query: actionsQuery,
    response: { 200: actionsResponse },
    summary: 'The user’s security tasks, or (administrators) the whole organisation’s',
  }),
  markActionComplete: endpoint({
    method: 'POST',
    path: '/mark-action-complete',
    access: 'user',
    body: markActionCompleteRequest,
    response: { 200: markActionCompleteResponse },
    summary: 'Mark a task done',
  }),
  getScore: endpoint({
    method: 'GET',
    path: '/get-score',
    access: 'user',
    response: { 200: scoreResponse },
    summary: 'The organisation’s cyber score',
  }),
  listEmployees: endpoint({
    method: 'GET',
    path: '/list-employees',
    access: 'user',
    response: { 200: employeesResponse },
    summary: 'Each member’s progress with the tasks',
  }),

  // Risk analysis
  startPublicScan: endpoint({
    method: 'POST',
    path: '/risk-analysis/public',
    access: 'public',
    body: publicScanRequest,
    response: { 200: domainScanResponse },
    summary: 'Scan any domain, or find a recent scan of it',
  }),
  getPublicScan: endpoint({
    method: 'GET',
    path: '/risk-analysis/public/:domain',
    access: 'public',
    params: publicScanParams,
    response: { 200: domainScanResponse },
    summary: 'The recent public report of a domain',
  }),
  getRiskAnalysis: endpoint({
    method: 'GET',
    path: '/risk-analysis',
    access: 'user',
    response: { 200: organizationAnalysisResponse },
    summary: 'The organisation’s own risk analysis',
  }),
  getAttackGraph: endpoint({
    method: 'GET',
    path: '/risk-analysis/attack-graph',
    access: 'admin',
    response: { 200: attackGraphResponse },
    summary: 'How an attacker would get in: entry points, steps, assets, impacts and paths',
  }),
  startOrganizationScan: endpoint({
    method: 'POST',
    path: '/risk-analysis',
    access: 'admin',
    response: { 202: domainScanResponse },
    summary: 'Scan the organisation’s domain again',
  }),

  // Integrations
  getIntegrations: endpoint({
    method: 'GET',
    path: '/integrations',
    access: 'user',
    response: { 200: integrationsResponse },
    summary: 'Every integration with its status',
  }),
  disconnectIntegration: endpoint({
    method: 'DELETE',
    path: '/integrations/:id',
    access: 'admin',
    params: integrationParams,
    response: { 200: integration },
    summary: 'Disconnect an integration: revoke the grant, forget its tokens and findings',
  }),
  syncIntegration: endpoint({
    method: 'POST',
    path: '/integrations/:id/sync',
    access: 'admin',
    params: integrationParams,
    response: { 202: syncQueuedResponse },
    summary: 'Queue a sync of a connected integration now',
  }),
  getGoogleStaleUsers: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/stale-users',
    access: 'admin',
    response: { 200: staleUsersResponse },
    summary: 'Google Workspace accounts nobody signs in to any more',
  }),
  getGoogleSuperAdminCount: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/super-admin-count',
    access: 'admin',
    response: { 200: superAdminCountResponse },
    summary: 'How many Google Workspace super administrators there are',
  }),
  getGoogleExternalShares: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/external-shares',
    access: 'user',
    response: { 200: externalSharesResponse },
    summary: 'Files the last sync found shared outside the organisation',
  }),
  getMicrosoftSummary: endpoint({
    method: 'GET',
    path: '/integrations/microsoft-365/summary',
    access: 'admin',
    response: { 200: microsoftSummaryResponse },
    summary: 'What the last Microsoft 365 sync read: administrators, unused accounts, MFA',
  }),
  getMetaAccounts: endpoint({
    method: 'GET',
    path: '/integrations/meta/accounts',
    access: 'admin',
    query: metaAccountsQuery,
    response: { 200: metaAccountsResponse },
    summary: 'The Meta business accounts the grant can see, with their two-factor settings',
  }),
  enableMetaMfa: endpoint({
    method: 'POST',
    path: '/facebook/enable-mfa',
    access: 'admin',
    body: enableMetaMfaRequest,
    response: { 200: enableMetaMfaResponse },
    summary: 'Require two-factor authentication for everyone in a Meta business account',
  }),
  getAllowList: endpoint({
    method: 'GET',
    path: '/integrations/google-workspace/allow-list',
    access: 'user',
    response: { 200: allowListResponse },
    summary: 'The allow-list of external sharing, approved and pending',
  }),
  addToAllowList: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list',
    access: 'admin',
    body: addAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Add entries to the allow-list',
  }),
  removeFromAllowList: endpoint({
    method: 'DELETE',
    path: '/integrations/google-workspace/allow-list',
    access: 'admin',
    body: removeAllowListRequest,
    response: { 200: allowListResponse },
    summary: 'Remove entries from the allow-list',
  }),
  requestAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/request',
    access: 'user',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Ask the administrators to allow an entry',
  }),
  approveAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/approve',
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Approve a pending entry',
  }),
  denyAllowListEntry: endpoint({
    method: 'POST',
    path: '/integrations/google-workspace/allow-list/deny',
    access: 'admin',
    body: allowListKey,
    response: { 200: allowListResponse },
    summary: 'Deny a pending entry',
  }),

  // Frameworks
  getFrameworks: endpoint({
    method: 'GET',
    path: '/frameworks',
    access: 'admin',
    response: { 200: frameworksResponse },
    summary: 'The share of CIS Controls v8 IG1 and Cyber Essentials the organisation meets',
  }),

  // Settings
  getTrustedDomains: endpoint({
    method: 'GET',
    path: '/settings/trusted-domains',
    access: 'user',
    response: { 200: trustedDomainsResponse },
    summary: 'The domains the organisation counts as internal besides its own',
  }),
  updateTrustedDomains: endpoint({
    method: 'PUT',
    path: '/settings/trusted-domains',
    access: 'admin',
    body: updateTrustedDomainsRequest,
    response: { 200: trustedDomainsResponse },
    summary: 'Replace the trusted domains',
  }),

  getNotificationSettings: endpoint({
    method: 'GET',
    path: '/settings/notifications',
    access: 'user',
    response: { 200: notificationSettingsResponse },
    summary: 'Which e-mail the organisation sends, and which the signed-in member receives',
  }),
  updateOrganizationMail: endpoint({
    method: 'PUT',
    path: '/settings/notifications/organization',
    access: 'admin',
    body: updateOrganizationMailRequest,
    response: { 200: notificationSettingsResponse },
    summary: 'Switch each kind of e-mail on or off for the organisation',
  }),
  updateOwnMail: endpoint({
    method: 'PUT',
    path: '/settings/notifications/own',
    access: 'user',
    body: updateOwnMailRequest,
    response: { 200: notificationSettingsResponse },
    summary: 'Opt out of (or back into) the reminders and, for administrators, the digest',
  }),

  // E-mail
  listMailMessages: endpoint({
    method: 'GET',
    path: '/mail/messages',
    access: 'admin',
    response: { 200: mailMessagesResponse },
    summary: 'The organisation’s last 100 messages: kind, recipient, time and result',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/mail/unsubscribe',
    access: 'public',
    query: unsubscribeQuery,
    response: { 200: unsubscribeResponse },
    summary:
      'One-click unsubscribe (RFC 8058) with the signed token of a reminder or digest; no sign-in',
  }),

  // User management
  listMembers: endpoint({
    method: 'GET',
    path: '/users',
    access: 'admin',
    response: { 200: membersResponse },
    summary: 'The organisation’s members',
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: inviteMemberRequest,
    response: { 201: member },
    summary: 'Invite a member',
  }),
  changeMemberRole: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    access: 'admin',
    params: memberParams,
    body: updateMemberRequest,
    response: { 200: member },
    summary: 'Change a member’s role',
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/users/:id/invitation',
    access: 'admin',
    params: memberParams,
    response: { 202: resendInvitationResponse },
    summary: 'Send an invited member’s invitation again (at most once an hour)',
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    params: memberParams,
    response: { 200: removeMemberResponse },
    summary: 'Remove a member from the organisation',
  }),

  // Trust center: Castellan's own page, and the pages organisations publish
  getTrustCenter: endpoint({
    method: 'GET',
    path: '/trust-center',
    access: 'public',
    response: { 200: trustCenterResponse },
    summary: 'How Castellan protects customer data, its subprocessors and security contact',
  }),
  getOrganizationTrustPage: endpoint({
    method: 'GET',
    path: '/trust-center/:domain',
    access: 'public',
    params: organizationTrustPageParams,
    response: { 200: organizationTrustPage },
    summary: 'The trust page an organisation published (the same 404 for any other domain)',
  }),
  getTrustPageSettings: endpoint({
    method: 'GET',
    path: '/settings/trust-page',
    access: 'admin',
    response: { 200: trustPageSettings },
    summary: 'The organisation’s public trust page: published or not, and what it shows',
  }),
  updateTrustPageSettings: endpoint({
    method: 'PUT',
    path: '/settings/trust-page',
    access: 'admin',
    body: updateTrustPageRequest,
    response: { 200: trustPageSettings },
    summary: 'Publish or unpublish the organisation’s trust page, and choose what it shows',
  }),

  // Endpoint agent
  createAgentEnrollmentCode: endpoint({
    method: 'POST',
    path: '/agent/enrollment-codes',
    access: 'user',
    response: { 201: agentEnrollmentCode },
    summary: 'A one-time code, valid 24 hours, that enrolls one device of the signed-in member',
  }),
  enrollAgentDevice: endpoint({
    method: 'POST',
    path: '/agent/enroll',
    access: 'public',
    body: enrollAgentRequest,
    response: { 201: enrollAgentResponse },
    summary: 'Enroll a device with a code from the download page; answers its token once',
  }),
  sendAgentReport: endpoint({
    method: 'POST',
    path: '/agent/report',
    access: 'public',
    body: agentReportRequest,
    response: { 200: agentReportResponse },
    summary: 'A device’s check results (Authorization: Bearer <device token>)',
  }),
  unenrollAgentDevice: endpoint({
    method: 'POST',
    path: '/agent/unenroll',
    access: 'public',
    response: { 204: z.null() },
    summary:
      'A device removes itself (Authorization: Bearer <device token>); its token stops working',
  }),
  getAgentDevices: endpoint({
    method: 'GET',
    path: '/agent/devices',
    access: 'user',
    query: agentDevicesQuery,
    response: { 200: agentDevicesResponse },
    summary: 'The member’s devices, or (administrators, scope=organization) every device',
  }),
  removeAgentDevice: endpoint({
    method: 'DELETE',
    path: '/agent/devices/:id',
    access: 'user',
    params: agentDeviceParams,
    response: { 204: z.null() },
    summary: 'Remove a device (its own member or an administrator); its token stops working',
  }),
  getAgentDownloads: endpoint({
    method: 'GET',
    path: '/agent/downloads',
    access: 'user',
    response: { 200: agentDownloadsResponse },
    summary: 'The agent builds this server hands out, with their size and SHA-256',
  }),

  // Impersonation (staff)
  searchImpersonationCandidates: endpoint({
    method: 'GET',
    path: '/impersonation/users',
    access: 'staff',
    query: impersonationSearchQuery,
    response: { 200: impersonationSearchResponse },
    summary: 'Users a staff member may act as',
  }),
  startImpersonation: endpoint({
    method: 'POST',
    path: '/impersonation',
    access: 'staff',
    body: startImpersonationRequest,
    response: { 200: userData },
    summary: 'Act as another user until logging out',
  }),
} as const;

/** The name of an endpoint in `endpoints`. */
export type EndpointName = keyof typeof endpoints;
