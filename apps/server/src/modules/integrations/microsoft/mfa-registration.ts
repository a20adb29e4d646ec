import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseItems } from './parse-items';

const PATH = '/v1.0/reports/authenticationMethods/userRegistrationDetails';
const SELECT = 'id,isMfaRegistered,isMfaCapable';
const details = z.object({
  id: z.string(),
  isMfaRegistered: z.boolean().nullish(),
  isMfaCapable: z.boolean().nullish(),
});

export type MemberMfa = Record<string, { registered: boolean; capable: boolean }>;

/**
 * The MFA registration of the members found (`members`: Graph user id → e-mail); one the report
 * leaves out counts as not registered. Needs Entra ID P1.
 */
export async function readMemberMfa(
  api: GraphApi,
  members: ReadonlyMap<string, string>,
  signal?: AbortSignal,
): Promise<MemberMfa> {
  const result: MemberMfa = {};
  for (const email of members.values()) result[email] = { registered: false, capable: false };
  for await (const page of api.getAll(PATH, { $select: SELECT }, signal)) {
    for (const d of parseItems(details, page, `Graph ${PATH}`)) {
      const email = members.get(d.id);
      if (email) {
        result[email] = {
          registered: d.isMfaRegistered === true,
          capable: d.isMfaCapable === true,
        };
      }
    }
  }
  return result;
}
