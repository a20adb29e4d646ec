// The apps a tenant's people or administrators consented to: `/v1.0/oauth2PermissionGrants`
// (delegated grants, paged) and `/v1.0/servicePrincipals/{id}` (integrations-reference-2 §1.4).
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { collectionPage, pageSizeOf, pick, selectionOf } from './collection';
import { type GraphEndpoint, graphScope } from './graph-endpoint';
import { badRequest, graphError } from './graph-errors';
import type { FakeM365User } from './tenant';

/** Microsoft's own apps' owner tenant [reference: MEM]. */
export const MICROSOFT_APPS_TENANT = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';

/** One app of a test or demo tenant and who consented to what. */
export type AppConsentSeed = {
  displayName: string;
  /** Default: derived from the name. */
  appId?: string;
  /** Who registered it: another organisation (default), this tenant, or Microsoft. */
  owner?: 'outside' | 'tenant' | 'microsoft';
  publisherName?: string;
  /** A verified publisher's name; unverified when absent. */
  verifiedPublisher?: string;
  /** Space-separated delegated permissions on Microsoft Graph. */
  scope: string;
  /** An administrator consented for everyone, or these people did for themselves. */
  consent: 'everyone' | { emails: string[] };
};

export type FakeAppServicePrincipal = {
  id: string;
  appId: string;
  appDisplayName: string;
  displayName: string;
  appOwnerOrganizationId: string;
  publisherName: string | null;
  verifiedPublisher: {
    displayName: string | null;
    verifiedPublisherId: string | null;
    addedDateTime: string | null;
  };
  servicePrincipalType: 'Application';
  accountEnabled: boolean;
};

export type FakePermissionGrant = {
  id: string;
  clientId: string;
  consentType: 'AllPrincipals' | 'Principal';
  principalId: string | null;
  resourceId: string;
  scope: string;
};

const uuidOf = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The service principals and grants `seeds` describe, in tenant `tenantId`. */
export function appConsentsOf(
  seeds: readonly AppConsentSeed[],
  users: readonly FakeM365User[],
  tenantId: string,
) {
  const graphResource = uuidOf(`${tenantId}:graph`);
  const servicePrincipals: FakeAppServicePrincipal[] = [];
  const permissionGrants: FakePermissionGrant[] = [];
  const byMail = new Map(users.map((u) => [u.mail, u]));
  for (const seed of seeds) {
    const appId = seed.appId ?? uuidOf(`app:${seed.displayName}`);
    const sp: FakeAppServicePrincipal = {
      id: uuidOf(`${tenantId}:sp:${appId}`),
      appId,
      appDisplayName: seed.displayName,
      displayName: seed.displayName,
      appOwnerOrganizationId:
        seed.owner === 'tenant'
          ? tenantId
          : seed.owner === 'microsoft'
            ? MICROSOFT_APPS_TENANT
            : uuidOf(`publisher:${seed.publisherName ?? seed.displayName}`),
      publisherName: seed.publisherName ?? null,
      verifiedPublisher: seed.verifiedPublisher
        ? {
            displayName: seed.verifiedPublisher,
            verifiedPublisherId: String(parseInt(uuidOf(seed.verifiedPublisher).slice(0, 7), 16)),
            addedDateTime: '2023-05-04T10:00:00Z',
          }
        : { displayName: null, verifiedPublisherId: null, addedDateTime: null },
      servicePrincipalType: 'Application',
      accountEnabled: true,
    };
    servicePrincipals.push(sp);
    const principals =
      seed.consent === 'everyone'
        ? [null]
        : seed.consent.emails.map((email) => {
            const user = byMail.get(email.toLowerCase());
            if (!user) throw new Error(`a consent of an unknown user ${email}`);
            return user.id;
          });
    for (const principalId of principals) {
      permissionGrants.push({
        id: createHash('sha256').update(`${sp.id}:${principalId}`).digest('base64url').slice(0, 43),
        clientId: sp.id,
        consentType: principalId ? 'Principal' : 'AllPrincipals',
        principalId,
        resourceId: graphResource,
        scope: seed.scope,
      });
    }
  }
  return { servicePrincipals, permissionGrants };
}

/** `$filter` on `clientId` or `consentType` with `eq`, the only forms Graph supports here. */
function filterOf(text: string | null): ((g: FakePermissionGrant) => boolean) | null | 'bad' {
  if (text === null) return null;
  const m = /^\s*(clientId|consentType)\s+eq\s+'([^']*)'\s*$/.exec(text);
  if (!m) return 'bad';
  const [, field, value] = m;
  return (g) => (field === 'clientId' ? g.clientId : g.consentType) === value;
}

export const permissionGrants: GraphEndpoint = {
  pattern: /^\/v1\.0\/oauth2PermissionGrants$/,
  scopes: () => [
    [graphScope('Directory.Read.All'), graphScope('DelegatedPermissionGrant.ReadWrite.All')],
  ],
  premium: () => false,
  handle(req) {
    // Page sizes of this list are not documented [assumed: as users.list's, 100 by default].
    const size = pageSizeOf(req.url.searchParams, { defaultTop: 100, maxTop: 999 });
    if (typeof size !== 'number') return size;
    const filter = filterOf(req.url.searchParams.get('$filter'));
    if (filter === 'bad') return badRequest('Invalid filter clause', 'Request_UnsupportedQuery');
    const grants = req.tenant.permissionGrants ?? [];
    return collectionPage(filter ? grants.filter(filter) : grants, {
      url: req.url,
      origin: req.origin,
      context: 'oauth2PermissionGrants',
      size,
    });
  },
};

const SP_PROPERTIES = [
  'id',
  'appId',
  'appDisplayName',
  'displayName',
  'appOwnerOrganizationId',
  'publisherName',
  'verifiedPublisher',
  'servicePrincipalType',
  'accountEnabled',
];

export const servicePrincipalById: GraphEndpoint = {
  pattern: /^\/v1\.0\/servicePrincipals\/(?<id>[^/]+)$/,
  scopes: () => [
    [
      graphScope('Application.Read.All'),
      graphScope('Application.ReadWrite.All'),
      graphScope('Directory.Read.All'),
    ],
  ],
  premium: () => false,
  handle(req) {
    const id = req.params.id ?? '';
    const sp = (req.tenant.servicePrincipals ?? []).find((s) => s.id === id);
    if (!sp) {
      return graphError(
        404,
        'Request_ResourceNotFound',
        `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
      );
    }
    const selected = selectionOf(
      req.url.searchParams,
      SP_PROPERTIES,
      SP_PROPERTIES,
      'microsoft.graph.servicePrincipal',
    );
    if (!Array.isArray(selected)) return selected;
    return json(200, {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#servicePrincipals/$entity',
      ...pick(sp, selected),
    });
  },
};
