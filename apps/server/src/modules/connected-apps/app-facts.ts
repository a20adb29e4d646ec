// What an office suite's sync keeps of the outside apps people let in (in its facts, as `apps`),
// and the verdict of the "control which apps can access company data" task it decides.
import type { AppSuite } from '@castellan/contract';
import type { Verdict } from '../tasks/evidence';
import { reachesMailOrFiles } from './app-scopes';

/** One outside app, with what everyone's grants to it add up to. */
export type AppGrant = {
  /** Google: the OAuth client id; Microsoft: the application (client) id. */
  clientId: string;
  name: string;
  /** null where the suite does not say (Google). */
  publisher: { name: string; verified: boolean } | null;
  /** Every scope granted to it by anyone, sorted. */
  scopes: string[];
  /** How many people granted it (Microsoft: those who consented for themselves). */
  people: number;
  /** An administrator consented for everyone (Microsoft's AllPrincipals). */
  everyone: boolean;
  /** Microsoft: the app's service principal in the tenant, which its Entra page is named by. */
  objectId?: string;
};

/**
 * The apps of the last sync, or why they are unknown: the grant lacks the permission to read
 * them (an organisation connected before the product asked for it), or the suite refused.
 */
export type SuiteApps =
  | { state: 'read'; apps: AppGrant[] }
  | { state: 'unknown'; reason: 'scope-missing' | 'refused' };

export type AppsUnknownReason = Extract<SuiteApps, { state: 'unknown' }>['reason'];

/** Orders apps by name (then id), so facts and lists read the same on every sync. */
export const byName = (a: AppGrant, b: AppGrant) =>
  a.name.localeCompare(b.name, 'en') || (a.clientId < b.clientId ? -1 : 1);

/** The apps holding mail or file access that are not on the approved list. */
export const unapprovedWithMailOrFiles = (
  suite: AppSuite,
  apps: readonly AppGrant[],
  approved: ReadonlySet<string>,
) => apps.filter((a) => !approved.has(a.clientId) && reachesMailOrFiles(suite, a.scopes));

const MAX_NAMED = 3;

/**
 * The organisation's verdict on `catalogueId` from a suite's apps: it fails while an app holding
 * mail or file access is not approved, passes once every such app is. Unknown apps (older syncs
 * without them, or a grant that cannot read them) give no verdict.
 */
export function appsVerdict(
  catalogueId: string,
  suite: AppSuite,
  apps: SuiteApps | undefined,
  approved: ReadonlySet<string>,
): Verdict | null {
  if (apps?.state !== 'read') return null;
  const flagged = unapprovedWithMailOrFiles(suite, apps.apps, approved);
  if (flagged.length === 0) return { catalogueId, userId: null, verdict: 'pass', detail: null };
  const names = flagged.slice(0, MAX_NAMED).map((a) => a.name);
  const more = flagged.length - names.length;
  const one = flagged.length === 1;
  const suiteName = suite === 'google' ? 'Google Workspace' : 'Microsoft 365';
  return {
    catalogueId,
    userId: null,
    verdict: 'fail',
    detail:
      `${flagged.length} outside app${one ? '' : 's'} can reach company mail or files in ${suiteName} ` +
      `without approval: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
      `Approve ${one ? 'it' : 'them'} in Castellan, or remove ${one ? 'it' : 'them'} in the admin console.`,
  };
}
