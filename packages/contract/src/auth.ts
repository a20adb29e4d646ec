import { z } from 'zod';
import { emailAddress } from './common';
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
  'no-email',
  'cancelled',
  'expired',
  'failed',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

/** `GET /api/auth/:provider/login?returnTo=/path` */
export const signInProviderParams = z.strictObject({ provider: z.enum(SIGN_IN_PROVIDERS) });
export const signInStartQuery = z.strictObject({
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, { message: 'must be a path of this site' })
    .optional(),
});
