import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseOne } from './parse-items';

const PATH = '/v1.0/organization';
const answer = z.object({
  value: z
    .array(
      z.object({
        id: z.string(),
        verifiedDomains: z.array(z.object({ name: z.string() })).nullish(),
      }),
    )
    .min(1),
});

/** The tenant's id and verified domains (lower case). */
export async function readOrganization(api: GraphApi, signal?: AbortSignal) {
  const body = await api.get<unknown>(PATH, { $select: 'id,verifiedDomains' }, signal);
  const [org] = parseOne(answer, body, `Graph ${PATH}`).value;
  return {
    tenantId: org?.id ?? '',
    verifiedDomains: (org?.verifiedDomains ?? []).map((d) => d.name.toLowerCase()),
  };
}
