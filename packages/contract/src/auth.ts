import { z } from 'zod';
import { emailAddress, isoDateTime } from './common';
import { endpoint } from './endpoint';
import { PARTNER_ROLES } from './partner-rules';
import { ORGANIZATION_STATUSES, ROLES } from './vocabulary';

/** `GET /api/auth/user-data`: the signed-in user as the web app sees them. */
export const userData = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  organizationStatus: z.enum(ORGANIZATION_STATUSES),
  companyDomain: z.string(),
  profileImageUrl: z.string().nullable(),
  staff: z.boolean(),
  /** The staff member acting as this user, or null. */
  impersonatedBy: z
    .object({ email: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
  /**
   * While a partner's administrator works in a client (`companyDomain` is then the client's):
   * the link, the partner's own domain and the role it grants. Absent or null otherwise.
   */
  partner: z
    .object({ linkId: z.uuid(), partnerDomain: z.string(), role: z.enum(PARTNER_ROLES) })
    .nullable()
    .optional(),
});
export type UserData = z.infer<typeof userData>;

/** `GET /api/auth/test-users`: users the test login can sign in as. */
export const testUser = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  organizationStatus: z.enum(ORGANIZATION_STATUSES),
  companyDomain: z.string(),
  staff: z.boolean(),
});
export type TestUser = z.infer<typeof testUser>;
export const testUsersResponse = z.object({ users: z.array(testUser) });
export type TestUsersResponse = z.infer<typeof testUsersResponse>;

/** `POST /api/auth/test-login` */
export const testLoginRequest = z.strictObject({ email: emailAddress });
export type TestLoginRequest = z.infer<typeof testLoginRequest>;

/** `POST /api/auth/logout` when it ends an ordinary session (204 is reserved for impersonation). */
export const logoutResponse = z.object({ loggedOut: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** One of the signed-in user's own sessions (a browser they signed in with). */
export const userSession = z.object({
  /** Names the session in `DELETE /api/auth/sessions/:id`; not its secret. */
  id: z.uuid(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** A short description of the browser, e.g. "Firefox on Windows". */
  device: z.string(),
  /** The client address at sign-in. */
  ip: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;

/** `GET /api/auth/sessions`: the user's live sessions, latest activity first. */
export const userSessionsResponse = z.object({ sessions: z.array(userSession) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponse>;

export const userSessionParams = z.strictObject({
  id: z.uuid({ message: 'must be a session id' }),
});
export type UserSessionParams = z.input<typeof userSessionParams>;

/** `DELETE /api/auth/sessions/:id`: signs one of the user's other sessions out. */
export const endUserSessionResponse = z.object({ ended: z.literal(true) });
export type EndUserSessionResponse = z.infer<typeof endUserSessionResponse>;

export const SIGN_IN_PROVIDERS = ['google', 'microsoft'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** `GET /api/auth/providers`: the identity providers this installation offers. */
export const authProvidersResponse = z.object({
  providers: z.array(z.object({ id: z.enum(SIGN_IN_PROVIDERS), name: z.string() })),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponse>;

/** Why a sign-in was refused: the callback sends the browser to `/?signInError=<code>`. */
export const SIGN_IN_ERRORS = [
  'consumer-domain',
  'unverified-domain',
  'tenant-mismatch',
  'removed',
  'no-email',
  'cancelled',
  'expired',
  'failed',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

/**
 * `GET /api/auth/:provider/login?returnTo=/path`. The server keeps `returnTo` only when it stays
 * on the app (`safeReturnPath` against its public address), else answers 400.
 */
export const signInProviderParams = z.strictObject({ provider: z.enum(SIGN_IN_PROVIDERS) });
export type SignInProviderParams = z.input<typeof signInProviderParams>;
export const signInStartQuery = z.strictObject({ returnTo: z.string().max(2000).optional() });
export type SignInStartQuery = z.input<typeof signInStartQuery>;

export const authEndpoints = {
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
};
