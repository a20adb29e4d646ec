import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseItems } from './parse-items';
import { emailOf } from './user-email';

export const GLOBAL_ADMIN_TEMPLATE_ID = '62e90394-69f5-4237-9190-012177145e10';
const PATH = `/v1.0/directoryRoles(roleTemplateId='${GLOBAL_ADMIN_TEMPLATE_ID}')/members`;

const member = z.object({
  '@odata.type': z.string().nullish(),
  displayName: z.string().nullish(),
  mail: z.string().nullish(),
  userPrincipalName: z.string().nullish(),
});

/**
 * The users holding Global Administrator, sorted by e-mail. Service principals and role-assignable
 * groups can hold the role too; they are not people, so not counted (a group's members are not
 * expanded). PIM-eligible admins are not members until activated, so not counted either.
 */
export async function readGlobalAdmins(
  api: GraphApi,
  signal?: AbortSignal,
): Promise<{ email: string; displayName: string }[]> {
  const admins: { email: string; displayName: string }[] = [];
  const query = { $select: 'id,displayName,mail,userPrincipalName' };
  for await (const page of api.getAll(PATH, query, signal)) {
    for (const m of parseItems(member, page, `Graph ${PATH}`)) {
      if (m['@odata.type'] !== '#microsoft.graph.user') continue;
      admins.push({ email: emailOf(m), displayName: m.displayName ?? '' });
    }
  }
  return admins.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}
