import type { FrameworksResponse } from '@castellan/contract';
import type { Db } from '../../db/client';
import { loadProgress } from '../tasks/service';
import { frameworkProgress } from './progress';

/** `GET /api/frameworks`: the organisation's share of each framework, missing safeguards first. */
export async function organizationFrameworks(
  db: Db,
  organizationId: string,
): Promise<FrameworksResponse> {
  const { catalogue, members, completions, states } = await loadProgress(db, organizationId);
  return { frameworks: frameworkProgress(catalogue, members, completions, states) };
}
