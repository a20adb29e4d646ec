// The tenant's users without sign-in activity (no P1 needed): counted as they stream past; only
// the members of ours found are kept, with whether their mailbox is in Exchange Online, and the
// enabled members' e-mail addresses (to tell who is not yet in Castellan).
import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseItems } from './parse-items';
import { emailOf, memberEmailOf } from './user-email';

const PATH = '/v1.0/users';
const SELECT =
  'id,displayName,givenName,surname,mail,userPrincipalName,accountEnabled,userType,createdDateTime,assignedPlans';

const user = z.object({
  id: z.string(),
  mail: z.string().nullish(),
  userPrincipalName: z.string().nullish(),
  accountEnabled: z.boolean().nullish(),
  userType: z.string().nullish(),
  assignedPlans: z
    .array(z.object({ service: z.string().nullish(), capabilityStatus: z.string().nullish() }))
    .nullish(),
});

export type DirectoryUserFacts = {
  /** Enabled member (not guest) users. */
  userCount: number;
  /** Graph user id → the member's e-mail, for the members of ours found. */
  members: Map<string, string>;
  mailboxes: string[];
  /** Lower-case e-mails (mail, else user principal name) of the enabled member users, sorted. */
  directory: string[];
};

export async function readDirectoryUsers(
  api: GraphApi,
  memberEmails: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<DirectoryUserFacts> {
  const facts: DirectoryUserFacts = {
    userCount: 0,
    members: new Map(),
    mailboxes: [],
    directory: [],
  };
  for await (const page of api.getAll(PATH, { $select: SELECT, $top: '999' }, signal)) {
    for (const u of parseItems(user, page, `Graph ${PATH}`)) {
      if (u.accountEnabled && u.userType?.toLowerCase() === 'member') {
        facts.userCount += 1;
        const address = emailOf(u);
        if (address) facts.directory.push(address);
      }
      const email = memberEmailOf(u, memberEmails);
      if (!email) continue;
      facts.members.set(u.id, email);
      const exchange = (u.assignedPlans ?? []).some(
        (p) => p.service?.toLowerCase() === 'exchange' && p.capabilityStatus === 'Enabled',
      );
      if (exchange) facts.mailboxes.push(email);
    }
  }
  facts.mailboxes.sort();
  facts.directory.sort();
  return facts;
}
