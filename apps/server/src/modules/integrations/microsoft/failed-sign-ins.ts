import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { parseItems } from './parse-items';

const PATH = '/v1.0/auditLogs/signIns';
const DAY = 86_400_000;
export const FAILED_SIGN_IN_DAYS = 30;

const signIn = z.object({ status: z.object({ errorCode: z.number().nullish() }).nullish() });

/** Sign-ins that failed (errorCode ≠ 0) over the last 30 days. Needs Entra ID P1. */
export async function countFailedSignIns(
  api: GraphApi,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const since = new Date(now.getTime() - FAILED_SIGN_IN_DAYS * DAY).toISOString();
  const query = {
    $filter: `status/errorCode ne 0 and createdDateTime ge ${since}`,
    $top: '1000',
  };
  let count = 0;
  for await (const page of api.getAll(PATH, query, signal)) {
    // Only the status is looked at, so the page is not kept past this loop.
    for (const s of parseItems(signIn, page, `Graph ${PATH}`)) {
      if ((s.status?.errorCode ?? 0) !== 0) count += 1;
    }
  }
  return count;
}
