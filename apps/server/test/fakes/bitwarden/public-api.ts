// The Public API's reads Castellan makes: `GET /public/members` and `GET /public/policies[/{type}]`,
// each an unpaged `{ object: "list", data }` (integrations-reference-2 §3.3, §3.4).
import { type Answer, json } from '../kit/answers';
import { bareNotFound, invalidModel } from './bitwarden-errors';
import { type FakeMember, type FakeOrganization, type FakePolicy, MAX_POLICY_TYPE } from './world';

const list = (data: unknown[]) => json(200, { object: 'list', data });

const memberModel = (m: FakeMember) => ({
  object: 'member',
  id: m.id,
  userId: m.userId,
  name: m.name,
  email: m.email,
  twoFactorEnabled: m.twoFactorEnabled,
  status: m.status,
  type: m.type,
  externalId: m.externalId,
  resetPasswordEnrolled: m.resetPasswordEnrolled,
  ssoExternalId: null,
  permissions: null,
  // Only GET /public/members/{id} fills the collections.
  collections: null,
});

const policyModel = (p: FakePolicy) => ({
  object: 'policy',
  id: p.id,
  type: p.type,
  enabled: p.enabled,
  data: p.data,
});

/** PolicyType names, for a path that names the type (that names are accepted is assumed). */
const POLICY_NAMES = [
  'TwoFactorAuthentication',
  'MasterPassword',
  'PasswordGenerator',
  'SingleOrg',
  'RequireSso',
  'OrganizationDataOwnership',
  'DisableSend',
  'SendOptions',
  'ResetPassword',
  'MaximumVaultTimeout',
  'DisablePersonalVaultExport',
  'ActivateAutofill',
  'AutomaticAppLogIn',
  'FreeFamiliesSponsorshipPolicy',
  'RemoveUnlockWithPin',
  'RestrictedItemTypesPolicy',
  'UriMatchDefaults',
];

/** The PolicyType a path segment binds to; null when ASP.NET would refuse it. */
function policyTypeOf(segment: string): number | null {
  if (/^\d+$/.test(segment)) {
    const n = Number(segment);
    return n <= MAX_POLICY_TYPE ? n : null;
  }
  const i = POLICY_NAMES.findIndex((name) => name.toLowerCase() === segment.toLowerCase());
  return i === -1 ? null : i;
}

export function publicApi(org: FakeOrganization, method: string, path: string): Answer {
  if (method !== 'GET') return bareNotFound();
  if (path === '/public/members') return list(org.members.map(memberModel));
  if (path === '/public/policies') return list(org.policies.map(policyModel));
  const one = /^\/public\/policies\/([^/]+)$/.exec(path);
  if (one?.[1]) {
    const segment = decodeURIComponent(one[1]);
    const type = policyTypeOf(segment);
    if (type === null) return invalidModel({ type: [`The value '${segment}' is not valid.`] });
    const policy = org.policies.find((p) => p.type === type);
    return policy ? json(200, policyModel(policy)) : bareNotFound();
  }
  return bareNotFound();
}
