// /v1.0/users and /v1.0/reports/authenticationMethods/userRegistrationDetails.
import { collectionPage, pageSizeOf, pick, selectionOf } from './collection';
import { type GraphEndpoint, type GraphRequest, graphScope } from './graph-endpoint';
import type { FakeM365User } from './tenant';

const USER_PROPERTIES = [
  'id',
  'displayName',
  'givenName',
  'surname',
  'mail',
  'userPrincipalName',
  'accountEnabled',
  'userType',
  'createdDateTime',
  'assignedPlans',
  'businessPhones',
  'jobTitle',
  'mobilePhone',
  'officeLocation',
  'preferredLanguage',
  'signInActivity',
] as const;
/** What Graph sends when no $select is given. */
const USER_DEFAULTS = [
  'businessPhones',
  'displayName',
  'givenName',
  'jobTitle',
  'mail',
  'mobilePhone',
  'officeLocation',
  'preferredLanguage',
  'surname',
  'userPrincipalName',
  'id',
];

const selectsSignInActivity = (req: GraphRequest) =>
  (req.url.searchParams.get('$select') ?? '').split(',').some((p) => p.trim() === 'signInActivity');

export const usersList: GraphEndpoint = {
  pattern: /^\/v1\.0\/users$/,
  scopes: (req) => [
    [graphScope('User.Read.All'), graphScope('Directory.Read.All')],
    ...(selectsSignInActivity(req) ? [[graphScope('AuditLog.Read.All')]] : []),
  ],
  premium: selectsSignInActivity,
  handle(req) {
    const withActivity = selectsSignInActivity(req);
    // With signInActivity Graph caps pages at 120, also when more is asked for.
    const size = pageSizeOf(
      req.url.searchParams,
      withActivity
        ? { defaultTop: 100, maxTop: 120, clampTop: true }
        : { defaultTop: 100, maxTop: 999 },
    );
    if (typeof size !== 'number') return size;
    const selected = selectionOf(
      req.url.searchParams,
      USER_PROPERTIES,
      USER_DEFAULTS,
      'microsoft.graph.user',
    );
    if (!Array.isArray(selected)) return selected;
    return collectionPage(req.tenant.users, {
      url: req.url,
      origin: req.origin,
      context: `users(${selected.join(',')})`,
      size,
      shape: (u: FakeM365User) => pick(u, selected),
    });
  },
};

const registrationOf = (u: FakeM365User) => ({
  id: u.id,
  userPrincipalName: u.userPrincipalName,
  userDisplayName: u.displayName,
  userType: u.userType === 'Guest' ? 'guest' : 'member',
  isAdmin: u.isAdmin,
  isSsprRegistered: u.mfaRegistered,
  isSsprEnabled: false,
  isSsprCapable: false,
  isMfaRegistered: u.mfaRegistered,
  isMfaCapable: u.mfaRegistered && u.accountEnabled,
  isPasswordlessCapable: false,
  isSystemPreferredAuthenticationMethodEnabled: true,
  methodsRegistered: u.mfaRegistered
    ? ['microsoftAuthenticatorPush', 'softwareOneTimePasscode']
    : [],
  systemPreferredAuthenticationMethods: u.mfaRegistered ? ['push'] : [],
  userPreferredMethodForSecondaryAuthentication: u.mfaRegistered ? 'push' : 'none',
  lastUpdatedDateTime: u.createdDateTime,
});

export const userRegistrationDetails: GraphEndpoint = {
  pattern: /^\/v1\.0\/reports\/authenticationMethods\/userRegistrationDetails$/,
  scopes: () => [[graphScope('AuditLog.Read.All')]],
  premium: () => true,
  handle(req) {
    const size = pageSizeOf(req.url.searchParams, {
      defaultTop: 1000,
      maxTop: 1000,
      clampTop: true,
    });
    if (typeof size !== 'number') return size;
    return collectionPage(req.tenant.users, {
      url: req.url,
      origin: req.origin,
      context: 'reports/authenticationMethods/userRegistrationDetails',
      size,
      shape: registrationOf,
    });
  },
};
