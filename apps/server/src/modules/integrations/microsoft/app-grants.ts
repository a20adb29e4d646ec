// The outside apps the tenant's people or administrators let in: the delegated permission grants
// (`oauth2PermissionGrants`, integrations-reference-2 §1.4) added up per client, and each
// client's service principal for its name and publisher. The tenant's own apps and Microsoft's
// are left out. Only the apps and how many people granted each are kept, not who did.
import { z } from 'zod';
import { type AppGrant, byName, type SuiteApps } from '../../connected-apps/app-facts';
import { runLimited } from '../kit/run-limited';
import type { GraphApi } from './graph-api';
import { MicrosoftApiError } from './microsoft-api-error';
import { parseItems, parseOne } from './parse-items';
import { grantsM365Scope } from './scopes';

/**
 * Covers both reads: it is the grants list's least privilege, and one of the higher privileges
 * Microsoft lists for reading a service principal (whose least is Application.Read.All).
 */
const NEEDED_SCOPE = 'Directory.Read.All';

/**
 * Apps registered by Microsoft itself [reference: MEM, unconfirmed]. Its other tenants' apps
 * are not told apart: they are listed like any outside app.
 */
const MICROSOFT_TENANT = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';

const CONCURRENCY = 5;
const GRANTS = '/v1.0/oauth2PermissionGrants';

const grant = z.object({
  /** The client's service principal (object id, not its appId). */
  clientId: z.string(),
  consentType: z.string().nullish(),
  principalId: z.string().nullish(),
  scope: z.string().nullish(),
});

const servicePrincipal = z.object({
  id: z.string(),
  appId: z.string(),
  appDisplayName: z.string().nullish(),
  displayName: z.string().nullish(),
  appOwnerOrganizationId: z.string().nullish(),
  // In Graph's v1.0 docs but not its v1.0 typings [reference: unconfirmed on v1.0]: optional.
  publisherName: z.string().nullish(),
  verifiedPublisher: z.object({ displayName: z.string().nullish() }).nullish(),
});
type ServicePrincipal = z.output<typeof servicePrincipal>;

const SP_SELECT =
  'id,appId,appDisplayName,displayName,appOwnerOrganizationId,publisherName,verifiedPublisher';

type Client = { scopes: Set<string>; principals: Set<string>; everyone: boolean };

async function readClients(api: GraphApi, signal?: AbortSignal): Promise<Map<string, Client>> {
  const clients = new Map<string, Client>();
  for await (const page of api.getAll(GRANTS, {}, signal)) {
    for (const g of parseItems(grant, page, `Graph ${GRANTS}`)) {
      const client = clients.get(g.clientId) ?? {
        scopes: new Set<string>(),
        principals: new Set<string>(),
        everyone: false,
      };
      for (const s of (g.scope ?? '').split(/\s+/)) if (s) client.scopes.add(s);
      if (g.consentType === 'AllPrincipals') client.everyone = true;
      else if (g.principalId) client.principals.add(g.principalId);
      clients.set(g.clientId, client);
    }
  }
  return clients;
}

/** The client's service principal; null when it is gone (a grant can outlive its app). */
async function readServicePrincipal(
  api: GraphApi,
  id: string,
  signal: AbortSignal,
): Promise<ServicePrincipal | null> {
  const path = `/v1.0/servicePrincipals/${encodeURIComponent(id)}`;
  try {
    const body = await api.get<unknown>(path, { $select: SP_SELECT }, signal);
    return parseOne(servicePrincipal, body, `Graph ${path}`);
  } catch (err) {
    if (err instanceof MicrosoftApiError && err.httpStatus === 404) return null;
    throw err;
  }
}

function publisherOf(sp: ServicePrincipal): AppGrant['publisher'] {
  const verified = sp.verifiedPublisher?.displayName;
  if (verified) return { name: verified, verified: true };
  return sp.publisherName ? { name: sp.publisherName, verified: false } : null;
}

/**
 * The outside apps holding delegated grants in tenant `tenantId`. Unknown, rather than a failed
 * sync, when the grant lacks the permission or Microsoft refuses (403).
 */
export async function readAppGrants(
  api: GraphApi,
  tenantId: string,
  signal?: AbortSignal,
): Promise<SuiteApps> {
  if (!grantsM365Scope(api.grant.scopes, NEEDED_SCOPE)) {
    return { state: 'unknown', reason: 'scope-missing' };
  }
  try {
    const clients = await readClients(api, signal);
    const ids = [...clients.keys()];
    const principals = await runLimited(
      ids,
      CONCURRENCY,
      (id, s) => readServicePrincipal(api, id, s),
      signal,
    );
    const apps: AppGrant[] = [];
    ids.forEach((id, i) => {
      const sp = principals[i];
      const client = clients.get(id);
      if (!sp || !client) return;
      const owner = sp.appOwnerOrganizationId?.toLowerCase();
      if (owner === tenantId.toLowerCase() || owner === MICROSOFT_TENANT) return;
      apps.push({
        clientId: sp.appId,
        name: sp.displayName || sp.appDisplayName || sp.appId,
        publisher: publisherOf(sp),
        scopes: [...client.scopes].sort(),
        people: client.principals.size,
        everyone: client.everyone,
        objectId: sp.id,
      });
    });
    return { state: 'read', apps: apps.sort(byName) };
  } catch (err) {
    if (err instanceof MicrosoftApiError && err.kind === 'permission_missing') {
      return { state: 'unknown', reason: 'refused' };
    }
    throw err;
  }
}
