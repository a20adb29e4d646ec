import type { PartnerRole } from '@castellan/contract';
import { organizations, users } from '../src/db/schema';
import type { TestApp } from './test-app';

/** The IT provider's organisation of the partner tests, and its people. */
export const PARTNER = 'helpdesk.example';
export const PAUL = `paul.king@${PARTNER}`; // the partner's administrator
export const PAT = `pat.lee@${PARTNER}`; // the partner's member
export const OLIVIA = 'olivia.parker@tidewater.example'; // a second client's administrator

/** Registers the partner's organisation with Paul (administrator) and Pat (member). */
export async function addPartnerOrganization(app: TestApp): Promise<string> {
  const { db } = app.database;
  const [org] = await db
    .insert(organizations)
    .values({ domain: PARTNER, status: 'REGISTERED', isDemo: true })
    .returning({ id: organizations.id });
  const organizationId = org?.id ?? '';
  await db.insert(users).values([
    { organizationId, email: PAUL, firstName: 'Paul', lastName: 'King', role: 'admin' },
    { organizationId, email: PAT, firstName: 'Pat', lastName: 'Lee', role: 'user' },
  ]);
  return organizationId;
}

/** A client's administrator invites the partner with `role` and Paul accepts: the link's id. */
export async function linkPartner(
  app: TestApp,
  cookies: { client: string; paul: string },
  role: PartnerRole,
): Promise<string> {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/partners',
    headers: { cookie: cookies.client },
    payload: { domain: PARTNER, role },
  });
  const { id } = invited.json().link;
  await app.inject({
    method: 'POST',
    url: `/api/partner/clients/${id}/accept`,
    headers: { cookie: cookies.paul },
  });
  return id;
}

/** Each person's signed-in cookie, and a call to the app as one of them. */
export function signedInPeople(app: () => TestApp) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async signIn(emails: readonly string[]): Promise<void> {
      for (const email of emails) cookies.set(email, await app().signIn(email));
    },
    call: (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app().inject({
        method,
        url,
        headers: { cookie: cookies.get(as) ?? '' },
        ...(payload ? { payload } : {}),
      }),
  };
}

/** A baseline's settings that set nothing: what a valid request needs at least. */
export const EMPTY_BASELINE = {
  notApplicable: [],
  weeklyReminders: null,
  nudges: null,
  escalationOff: [],
  trustedDomains: [],
  approvedApps: [],
};
