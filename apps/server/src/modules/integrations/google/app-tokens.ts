// The outside apps the workspace's people let into their accounts: Directory `tokens.list`
// (integrations-reference-2 §2.3), one unpaged call per active user, a few users at a time, added
// up per app. Only the apps and how many people granted each are kept, not who did.
import { z } from 'zod';
import { type AppGrant, byName, type SuiteApps } from '../../connected-apps/app-facts';
import { pacer } from '../kit/pacer';
import { runLimited } from '../kit/run-limited';
import type { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api-error';
import { parsePage } from './parse-page';
import { grantsScope } from './scopes';

/** The one scope tokens.list takes (no read-only form exists). */
export const APP_TOKENS_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.security';

/** Calls at once: one user's tokens are a small answer, and Google counts requests per minute. */
const CONCURRENCY = 5;

/**
 * Calls started per second. Google's Directory API quota is, by Google's limits page, 2,400
 * queries a minute per user and project (assumed: the reference does not give it; every call
 * here is the administrator's), so 30 a second leaves a quarter to the rest of the sync.
 */
export const APP_TOKENS_PER_SECOND = 30;

const tokenList = z.object({
  // Absent for a user without grants [reference: MEM].
  items: z
    .array(
      z.object({
        clientId: z.string(),
        displayText: z.string().optional(),
        scopes: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
type Token = NonNullable<z.output<typeof tokenList>['items']>[number];

const FIELDS = 'items(clientId,displayText,scopes)';

/** One user's tokens; none for a user deleted since the users were listed. */
async function listTokens(api: GoogleApi, userKey: string, signal: AbortSignal): Promise<Token[]> {
  const path = `/admin/directory/v1/users/${encodeURIComponent(userKey)}/tokens`;
  try {
    const body = await api.getJson('admin', path, { fields: FIELDS }, signal);
    return parsePage(tokenList, body, 'Google tokens.list').items ?? [];
  } catch (err) {
    if (err instanceof GoogleApiError && err.httpStatus === 404) return [];
    throw err;
  }
}

/**
 * The apps holding a grant of any of `userKeys` (the active users' primary e-mails). Unknown,
 * rather than a failed sync, when the grant lacks the scope or Google refuses (403).
 */
export async function readAppTokens(
  api: GoogleApi,
  userKeys: readonly string[],
  signal?: AbortSignal,
): Promise<SuiteApps> {
  if (!grantsScope(api.grant.scopes, APP_TOKENS_SCOPE)) {
    return { state: 'unknown', reason: 'scope-missing' };
  }
  const apps = new Map<string, { name: string; scopes: Set<string>; people: Set<string> }>();
  const pace = pacer(APP_TOKENS_PER_SECOND);
  try {
    await runLimited(
      userKeys,
      CONCURRENCY,
      async (userKey, s) => {
        await pace(s);
        for (const token of await listTokens(api, userKey, s)) {
          const app = apps.get(token.clientId) ?? {
            name: token.displayText?.trim() || token.clientId,
            scopes: new Set<string>(),
            people: new Set<string>(),
          };
          for (const scope of token.scopes ?? []) app.scopes.add(scope);
          app.people.add(userKey);
          apps.set(token.clientId, app);
        }
      },
      signal,
    );
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'permission_missing') {
      return { state: 'unknown', reason: 'refused' };
    }
    throw err;
  }
  const list: AppGrant[] = [...apps].map(([clientId, app]) => ({
    clientId,
    name: app.name,
    publisher: null,
    scopes: [...app.scopes].sort(),
    people: app.people.size,
    everyone: false,
  }));
  return { state: 'read', apps: list.sort(byName) };
}
