// Names under the organisation's domain that certificate transparency logs know of, offered to
// add to the watch. The search runs as a job: crt.sh can take half a minute or more.
import type { WatchSuggestionsResponse, WatchTargetSource } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findOrganization } from '../organizations/repository';
import { type CtSearch, CtSearchError } from './ct-search';
import { beginCtSearch, endCtSearch, findCtSearch, listTargets } from './repository';

/** Where searches are queued (one durable job each). */
export type CtSearchQueue = { send(organizationId: string): Promise<void> };

export async function suggestionsOf(
  db: Db,
  organization: { id: string; domain: string },
): Promise<WatchSuggestionsResponse> {
  const [search, targets] = await Promise.all([
    findCtSearch(db, organization.id),
    listTargets(db, organization.id),
  ]);
  if (!search) return { state: 'never', searchedAt: null, error: null, names: [] };
  const watched = new Set([organization.domain, ...targets.map((t) => t.name)]);
  return {
    state: search.state,
    searchedAt: search.searchedAt?.toISOString() ?? null,
    error: search.error,
    names: search.names.filter((n) => !watched.has(n.name)),
  };
}

/** Where a name to watch came from: the last search's names, or the administrator. */
export async function sourceOf(
  db: Db,
  organizationId: string,
  typed: string,
): Promise<WatchTargetSource> {
  const search = await findCtSearch(db, organizationId);
  const name = typed.trim().toLowerCase().replace(/\.$/, '');
  return search?.names.some((n) => n.name === name) ? 'certificate-transparency' : 'added';
}

/** Starts a search unless one is under way, and answers what there is to show. */
export async function searchSuggestions(
  db: Db,
  queue: CtSearchQueue,
  organization: { id: string; domain: string },
  now = new Date(),
): Promise<WatchSuggestionsResponse> {
  if (await beginCtSearch(db, organization.id, now)) await queue.send(organization.id);
  return suggestionsOf(db, organization);
}

/**
 * Runs one search (its job) and keeps the names found, newest certificate's first. A failure the
 * client already retried is kept as the search's outcome, in plain words.
 */
export async function runCtSearch(
  db: Db,
  search: CtSearch,
  organizationId: string,
  signal?: AbortSignal,
): Promise<{ names: number } | { error: string } | { skipped: string }> {
  const organization = await findOrganization(db, organizationId);
  if (!organization) return { skipped: 'the organisation is gone' };
  try {
    const found = await search.subdomainsOf(organization.domain, signal);
    const names = found.names
      .filter((n) => n.name !== organization.domain)
      .sort((a, b) => b.firstSeen.getTime() - a.firstSeen.getTime())
      .map((n) => ({ name: n.name, firstSeen: n.firstSeen.toISOString() }));
    await endCtSearch(db, organization.id, { names }, new Date());
    return { names: names.length };
  } catch (err) {
    if (!(err instanceof CtSearchError) && !(err instanceof RangeError)) throw err;
    const error =
      err instanceof CtSearchError
        ? `The certificate logs could not be searched: ${err.message}. Try again later.`
        : `${organization.domain} cannot be searched.`;
    await endCtSearch(db, organization.id, { error }, new Date());
    return { error };
  }
}

/** The search's job has no attempt left: the search ends as failed, to be asked again. */
export async function giveUpCtSearch(db: Db, organizationId: string): Promise<void> {
  const error = 'The certificate logs could not be searched. Try again later.';
  await endCtSearch(db, organizationId, { error }, new Date());
}
