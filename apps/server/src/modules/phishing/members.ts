import type { Db } from '../../db/client';
import { findOrganization } from '../organizations/repository';
import { listRecipients } from '../users/repository';

export type Member = { id: string; email: string; firstName: string; lastName: string };

/** The members practice may be sent to: all of them (by address), or those named. */
export async function membersOf(
  db: Db,
  organizationId: string,
  ids?: readonly string[],
): Promise<Member[]> {
  const all = (await listRecipients(db, organizationId)).sort((a, b) =>
    a.email.localeCompare(b.email),
  );
  const wanted = ids ? new Set(ids) : null;
  return all.filter((m) => !wanted || wanted.has(m.id));
}

export async function domainOf(db: Db, organizationId: string): Promise<string | null> {
  return (await findOrganization(db, organizationId))?.domain ?? null;
}
