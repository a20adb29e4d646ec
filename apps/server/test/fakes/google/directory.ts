// Directory API: users.list and orgunits.list (integrations-reference §1.3).
// `maxResults` above 500 is refused with 400 (Google's usual range error) rather than clamped.
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { type ApiEndpoint, type ApiRequest, AUTH } from './api-endpoint';
import type { FieldSchema } from './fields';
import { badRequest, forbidden } from './google-errors';
import { maxResultsOf, nextPageToken, tokenPage } from './page-token';
import type { FakeUser } from './world-types';

const USER_SCHEMA: FieldSchema = {
  kind: true,
  id: true,
  etag: true,
  primaryEmail: true,
  name: { givenName: true, familyName: true, fullName: true, displayName: true },
  isAdmin: true,
  isDelegatedAdmin: true,
  isEnrolledIn2Sv: true,
  isEnforcedIn2Sv: true,
  lastLoginTime: true,
  creationTime: true,
  deletionTime: true,
  agreedToTerms: true,
  suspended: true,
  suspensionReason: true,
  archived: true,
  orgUnitPath: true,
  customerId: true,
  isMailboxSetup: true,
  thumbnailPhotoUrl: true,
  emails: true,
  aliases: true,
};

const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

type UserFilter = (u: FakeUser) => boolean;

const BOOLEAN_FIELDS: Record<string, (u: FakeUser) => boolean> = {
  isadmin: (u) => u.isAdmin,
  isdelegatedadmin: (u) => u.isDelegatedAdmin,
  issuspended: (u) => u.suspended,
  isarchived: (u) => u.archived,
};

/** The clauses of `query` (space = AND) this fake understands; null when one is not. */
function parseQuery(query: string): UserFilter[] | null {
  const filters: UserFilter[] = [];
  for (const clause of query.trim().split(/\s+/).filter(Boolean)) {
    const m = /^([A-Za-z]+)([=:])(.+)$/.exec(clause);
    if (!m) return null;
    const [, field = '', , raw = ''] = m;
    const value = raw.replace(/^'(.*)'$/, '$1');
    const lower = field.toLowerCase();
    const flag = BOOLEAN_FIELDS[lower];
    if (flag) {
      if (!/^(true|false)$/i.test(value)) return null;
      const wanted = value.toLowerCase() === 'true';
      filters.push((u) => flag(u) === wanted);
    } else if (lower === 'orgunitpath') {
      filters.push((u) => u.orgUnitPath === value || u.orgUnitPath.startsWith(`${value}/`));
    } else if (lower === 'email') {
      const prefix = value.toLowerCase().replace(/\*$/, '');
      filters.push((u) =>
        value.endsWith('*') ? u.primaryEmail.startsWith(prefix) : u.primaryEmail === prefix,
      );
    } else {
      return null;
    }
  }
  return filters;
}

const SORT_KEYS: Record<string, (u: FakeUser) => string> = {
  email: (u) => u.primaryEmail,
  givenName: (u) => u.name.givenName,
  familyName: (u) => u.name.familyName,
};

function listUsers({ query, world }: ApiRequest) {
  const customer = query.get('customer');
  const domain = query.get('domain')?.toLowerCase();
  if (!customer && !domain) return badRequest('admin', 'Bad Request');
  if (customer && customer !== 'my_customer' && customer !== world.customerId) return forbidden();
  if (domain && domain !== world.domain) return forbidden();
  const size = maxResultsOf(query, 100, 500);
  if (typeof size !== 'number') return size;
  const filters = parseQuery(query.get('query') ?? '');
  if (!filters) return badRequest('admin', 'Invalid Input', 'invalid');
  const orderBy = query.get('orderBy') ?? 'email';
  const sortKey = SORT_KEYS[orderBy];
  if (!sortKey)
    return badRequest('admin', `Invalid value '${orderBy}'`, 'invalidParameter', 'orderBy');
  const descending = query.get('sortOrder') === 'DESCENDING';

  const source = query.get('showDeleted') === 'true' ? world.deletedUsers : world.users;
  let matching =
    !domain && filters.length === 0
      ? source
      : source.filter(
          (u) => (!domain || u.primaryEmail.endsWith(`@${domain}`)) && filters.every((f) => f(u)),
        );
  if (orderBy !== 'email' || descending) {
    matching = [...matching].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    if (descending) matching.reverse();
  }
  const bound = ['customer', 'domain', 'query', 'showDeleted', 'orderBy', 'sortOrder'];
  const page = tokenPage(matching, query, size, bound);
  if (!page) return badRequest('admin', 'Invalid Input: pageToken', 'invalid', 'pageToken');
  return json(200, {
    kind: 'admin#directory#users',
    etag: etagOf(`users:${page.offset}:${page.items.length}:${world.customerId}`),
    ...(page.items.length > 0 ? { users: page.items } : {}),
    ...nextPageToken(page),
  });
}

export const usersList: ApiEndpoint = {
  pattern: /^\/admin\/directory\/v1\/users$/,
  api: 'directory',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.directory.user.readonly`, `${AUTH}admin.directory.user`],
  schema: {
    kind: true,
    etag: true,
    trigger_event: true,
    nextPageToken: true,
    users: USER_SCHEMA,
  },
  handle: listUsers,
};

const ORG_UNIT_SCHEMA: FieldSchema = {
  kind: true,
  etag: true,
  name: true,
  description: true,
  orgUnitPath: true,
  orgUnitId: true,
  parentOrgUnitPath: true,
  parentOrgUnitId: true,
  blockInheritance: true,
};

export const orgUnitsList: ApiEndpoint = {
  pattern: /^\/admin\/directory\/v1\/customer\/(?<customer>[^/]+)\/orgunits$/,
  api: 'directory',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.directory.orgunit.readonly`, `${AUTH}admin.directory.orgunit`],
  schema: { kind: true, etag: true, organizationUnits: ORG_UNIT_SCHEMA },
  handle({ query, params, world }) {
    const customer = params.customer;
    if (customer !== 'my_customer' && customer !== world.customerId) return forbidden();
    const type = query.get('type') ?? 'children';
    if (!['all', 'children', 'allIncludingParent'].includes(type)) {
      return badRequest('admin', `Invalid value '${type}'`, 'invalidParameter', 'type');
    }
    const parent = query.get('orgUnitPath')?.replace(/^(?!\/)/, '/') ?? '/';
    const under = (path: string) => (parent === '/' ? path !== '/' : path.startsWith(`${parent}/`));
    const units = world.orgUnits.filter((u) =>
      type === 'children' ? u.parentOrgUnitPath === parent : under(u.orgUnitPath),
    );
    if (type === 'allIncludingParent') {
      const self =
        parent === '/'
          ? {
              kind: 'admin#directory#orgUnit',
              etag: etagOf(`ou:/:${world.customerId}`),
              name: world.domain,
              description: '',
              orgUnitPath: '/',
              orgUnitId: `id:${world.rootOrgUnitId}`,
              blockInheritance: false,
            }
          : world.orgUnits.find((u) => u.orgUnitPath === parent);
      if (self) units.unshift(self as (typeof units)[number]);
    }
    return json(200, {
      kind: 'admin#directory#orgUnits',
      etag: etagOf(`ous:${world.customerId}:${units.length}`),
      ...(units.length > 0 ? { organizationUnits: units } : {}),
    });
  },
};
