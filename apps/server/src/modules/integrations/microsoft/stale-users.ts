import { z } from 'zod';
import { NEVER_SIGNED_IN_GRACE_DAYS, STALE_AFTER_DAYS } from '../kit/stale-accounts';
import type { GraphApi } from './graph-api';
import { parseItems } from './parse-items';
import { emailOf } from './user-email';

const PATH = '/v1.0/users';
const SELECT =
  'id,userPrincipalName,mail,accountEnabled,userType,createdDateTime,givenName,surname,displayName,signInActivity';
/** Graph's largest page when signInActivity is selected. */
const TOP = '120';

const DAY = 86_400_000;

const user = z.object({
  mail: z.string().nullish(),
  userPrincipalName: z.string().nullish(),
  accountEnabled: z.boolean().nullish(),
  userType: z.string().nullish(),
  createdDateTime: z.string().nullish(),
  givenName: z.string().nullish(),
  surname: z.string().nullish(),
  displayName: z.string().nullish(),
  signInActivity: z.object({ lastSuccessfulSignInDateTime: z.string().nullish() }).nullish(),
});

export type StaleUser = {
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  /** null: never signed in. */
  lastLoginTime: string | null;
};

const timeOf = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? null : t;
};

/**
 * Enabled members with no successful sign-in for STALE_AFTER_DAYS, or never and created more than
 * NEVER_SIGNED_IN_GRACE_DAYS ago; sorted by e-mail. Needs Entra ID P1.
 */
export async function readStaleUsers(
  api: GraphApi,
  now: Date,
  signal?: AbortSignal,
): Promise<StaleUser[]> {
  const stale: StaleUser[] = [];
  for await (const page of api.getAll(PATH, { $select: SELECT, $top: TOP }, signal)) {
    for (const u of parseItems(user, page, `Graph ${PATH}`)) {
      if (!u.accountEnabled || u.userType?.toLowerCase() !== 'member') continue;
      const last = timeOf(u.signInActivity?.lastSuccessfulSignInDateTime);
      const created = timeOf(u.createdDateTime);
      const isStale =
        last !== null
          ? now.getTime() - last > STALE_AFTER_DAYS * DAY
          : created !== null && now.getTime() - created > NEVER_SIGNED_IN_GRACE_DAYS * DAY;
      if (!isStale) continue;
      const firstName = u.givenName ?? '';
      const lastName = u.surname ?? '';
      stale.push({
        firstName,
        lastName,
        fullName: u.displayName ?? `${firstName} ${lastName}`.trim(),
        email: emailOf(u),
        lastLoginTime: last === null ? null : new Date(last).toISOString(),
      });
    }
  }
  return stale.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}
