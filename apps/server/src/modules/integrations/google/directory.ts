// Directory API reads: users.list and the ids of the org units (integrations-reference §1.3).
import { z } from 'zod';
import type { GoogleApi } from './google-api';
import { parsePage } from './parse-page';

const user = z.object({
  primaryEmail: z.string(),
  name: z
    .object({
      givenName: z.string().optional(),
      familyName: z.string().optional(),
      fullName: z.string().optional(),
    })
    .optional(),
  isAdmin: z.boolean().optional(),
  isEnrolledIn2Sv: z.boolean().optional(),
  isEnforcedIn2Sv: z.boolean().optional(),
  lastLoginTime: z.string().optional(),
  creationTime: z.string().optional(),
  suspended: z.boolean().optional(),
  archived: z.boolean().optional(),
  isMailboxSetup: z.boolean().optional(),
});
export type DirectoryUser = z.infer<typeof user>;

const usersPage = z.object({ users: z.array(user).optional() });

const USER_FIELDS =
  'nextPageToken,users(primaryEmail,name(givenName,familyName,fullName),isAdmin,isEnrolledIn2Sv,isEnforcedIn2Sv,lastLoginTime,creationTime,suspended,archived,isMailboxSetup)';
/** Google's maximum page. */
const USERS_PER_PAGE = 500;

/** Every user of the customer (all its domains), one page in memory at a time. */
export async function* listUsers(
  api: GoogleApi,
  signal?: AbortSignal,
): AsyncGenerator<DirectoryUser> {
  const path = '/admin/directory/v1/users';
  const query = { customer: 'my_customer', maxResults: USERS_PER_PAGE, fields: USER_FIELDS };
  for await (const body of api.pages('admin', path, query, signal ? { signal } : {})) {
    yield* parsePage(usersPage, body, `Google ${path}`).users ?? [];
  }
}

const orgUnits = z.object({
  organizationUnits: z.array(z.object({ orgUnitId: z.string() })).optional(),
});

/**
 * The ids of every org unit but the root (which orgunits.list leaves out), without their `id:`
 * prefix: the form the Policy API's `orgUnits/<id>` uses.
 */
export async function listChildOrgUnitIds(
  api: GoogleApi,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const path = '/admin/directory/v1/customer/my_customer/orgunits';
  const body = await api.getJson(
    'admin',
    path,
    { type: 'all', fields: 'organizationUnits(orgUnitId)' },
    signal,
  );
  const units = parsePage(orgUnits, body, `Google ${path}`).organizationUnits ?? [];
  return new Set(units.map((u) => u.orgUnitId.replace(/^id:/, '')));
}
