// The fake's Graph API nodes and edges: /me, /me/businesses, /{business-id}/business_users,
// GET/POST /{business-id} (two_factor_type, integrations-reference §3.3–3.5), and
// GET/DELETE /{user-id}/permissions (what the person granted the app; DELETE removes the app).
import { type Answer, json } from '../kit/answers';
import { fieldsOf, selectFields } from './fields';
import {
  invalidParameter,
  type MetaErrorFields,
  metaError,
  permissionMissing,
  unknownPath,
  unsupportedRequest,
} from './graph-errors';
import { pageOf } from './paging';
import type { TokenStore } from './tokens';
import {
  type FakeBusiness,
  type FakePerson,
  type FakeTwoFactorType,
  NODE_FIELDS,
  TWO_FACTOR_TYPES,
} from './world';

export type GraphRequest = {
  method: string;
  /** The path after the version, e.g. `me/businesses`. */
  path: string;
  url: URL;
  /** Query and form fields together. */
  params: URLSearchParams;
  authorization?: string;
};

export type GraphWorld = {
  person: () => FakePerson;
  businesses: () => FakeBusiness[];
  /** What POSTs to a business answer instead of changing it; null: they succeed. */
  twoFactorRefusal: () => MetaErrorFields | null;
  /** The origin paging.next links point at. */
  origin: () => string;
};

const PERMISSION = 'business_management';

export function createGraphApi(tokens: TokenStore, world: GraphWorld) {
  function list<T>(req: GraphRequest, items: T[], nodeType: keyof typeof NODE_FIELDS): Answer {
    const readers = NODE_FIELDS[nodeType] as Record<string, (item: T) => unknown>;
    const fields = fieldsOf(req.params.get('fields'), nodeType, readers);
    if (!Array.isArray(fields)) return fields;
    const paged = pageOf(items, req.url, world.origin());
    if (!('page' in paged)) return paged;
    return json(200, paged.body(paged.page.map((item) => selectFields(item, fields, readers))));
  }

  function updateBusiness(req: GraphRequest, business: FakeBusiness): Answer {
    const refusal = world.twoFactorRefusal();
    if (refusal) return metaError(refusal);
    const value = req.params.get('two_factor_type');
    if (value === null) return invalidParameter('(#100) No fields to update');
    if (!TWO_FACTOR_TYPES.includes(value as FakeTwoFactorType)) {
      return invalidParameter(
        `(#100) Param two_factor_type must be one of {${TWO_FACTOR_TYPES.join(', ')}} - got "${value}"`,
      );
    }
    business.twoFactorType = value as FakeTwoFactorType;
    return json(200, { success: true });
  }

  return function handle(req: GraphRequest): Answer {
    const caller = tokens.authenticate(req.params, req.authorization);
    if (!('token' in caller)) return caller;
    const [first = '', edge, ...rest] = req.path.split('/').filter(Boolean);
    if (rest.length > 0) return unknownPath(`/${rest.join('/')}`);
    const me = world.person();
    if (first === 'me' && edge === undefined && req.method === 'GET') {
      return json(200, { id: me.id, name: me.name });
    }
    // Any token of the person may read or give back what they granted, without a permission.
    if (edge === 'permissions' && (first === 'me' || first === caller.userId)) {
      if (req.method === 'GET') {
        const granted = [...caller.scopes].map((permission) => ({ permission, status: 'granted' }));
        return json(200, { data: granted });
      }
      if (req.method === 'DELETE') {
        tokens.deauthorize(caller.appId, caller.userId);
        return json(200, { success: true });
      }
      return unsupportedRequest(req.method, first);
    }
    // The person's businesses and their settings are the object of business_management.
    if (!caller.scopes.has(PERMISSION)) return permissionMissing(PERMISSION);
    if (first === 'me' && edge === 'businesses' && req.method === 'GET') {
      return list(req, world.businesses(), 'Business');
    }
    const business = world.businesses().find((b) => b.id === first);
    if (!business) return unsupportedRequest(req.method, first);
    if (edge === 'business_users' && req.method === 'GET') {
      return list(req, business.users, 'BusinessUser');
    }
    if (edge !== undefined) return unknownPath(`/${edge}`);
    if (req.method === 'POST') return updateBusiness(req, business);
    if (req.method !== 'GET') return unsupportedRequest(req.method, first);
    const readers = NODE_FIELDS.Business;
    const fields = fieldsOf(req.params.get('fields'), 'Business', readers);
    if (!Array.isArray(fields)) return fields;
    return json(200, selectFields(business, fields, readers));
  };
}
