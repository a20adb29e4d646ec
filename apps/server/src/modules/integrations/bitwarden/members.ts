import {
  BITWARDEN_MEMBERS_PAGE,
  type BitwardenMember,
  type BitwardenMembersQuery,
  type BitwardenMembersResponse,
} from '@castellan/contract';
import type { Db } from '../../../db/client';
import { ConflictError } from '../../../lib/errors';
import { findIntegrationRow } from '../kit/repository';
import { isActiveMember, type StoredBitwardenFacts } from './facts';
import { BITWARDEN_FAILURE } from './sync';

/** Members who have something to do: not joined yet, or joined without two-step login. */
const needsAttention = (m: BitwardenMember) =>
  m.status === 'invited' ||
  m.status === 'staged' ||
  m.status === 'accepted' ||
  (isActiveMember(m) && !m.twoStepLogin);

/** Not joined first, then by e-mail. */
const order = (a: BitwardenMember, b: BitwardenMember) =>
  Number(isActiveMember(a)) - Number(isActiveMember(b)) || a.email.localeCompare(b.email);

/**
 * What the last sync found of the organisation's two-step login, and the members who need
 * attention, a page at a time (the cursor is an offset).
 */
export async function listBitwardenMembers(
  db: Db,
  organizationId: string,
  query: BitwardenMembersQuery,
): Promise<BitwardenMembersResponse> {
  const row = await findIntegrationRow(db, organizationId, 'bitwarden');
  if (!row) {
    throw new ConflictError('Bitwarden is not connected. Connect it on the Integrations page.');
  }
  if (row.status !== 'connected') {
    throw new ConflictError(`Bitwarden needs reconnecting: ${BITWARDEN_FAILURE[row.status]}`);
  }
  const facts = row.facts as StoredBitwardenFacts | null;
  const attention = (facts?.members ?? []).filter(needsAttention).sort(order);
  const start = Number(query.cursor ?? 0);
  const end = start + BITWARDEN_MEMBERS_PAGE;
  return {
    twoStepRequired: facts?.policies.twoStepRequired ?? false,
    members: facts?.counts.members ?? 0,
    membersWithTwoStep: facts?.counts.withTwoStep ?? 0,
    invited: facts?.counts.invited ?? 0,
    needAttention: attention.slice(start, end),
    nextCursor: end < attention.length ? String(end) : null,
  };
}
