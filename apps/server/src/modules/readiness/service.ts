import {
  FRAMEWORKS,
  type FrameworkId,
  READINESS_SET_NAMES,
  type ReadinessResponse,
  type ReadinessSetId,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { citedBy } from '../frameworks/progress';
import type { CatalogueTask } from '../tasks/catalogue/types';
import { loadProgress } from '../tasks/service';
import { countAnswers, readinessItems } from './answers';
import {
  INSURANCE_QUESTIONS,
  INSURANCE_QUESTIONS_VERSION,
  type ReadinessQuestion,
} from './insurance-questions';

/** The version of Castellan's mapping of the catalogue to the frameworks. */
export const FRAMEWORK_MAPPING_VERSION = '2026.1';

/** A framework's controls as questions, each evidenced by the catalogue tasks citing it. */
const frameworkQuestions = (
  id: FrameworkId,
  catalogue: readonly CatalogueTask[],
): ReadinessQuestion[] =>
  FRAMEWORKS[id].safeguards.map((s) => ({
    id: s.id,
    text: id === 'cis-ig1' ? `${s.id} ${s.title}` : s.title,
    tasks: catalogue.filter((t) => citedBy(t, id).includes(s.id)).map((t) => t.id),
  }));

type Progress = Awaited<ReturnType<typeof loadProgress>>;

/** Each set's answers from the organisation's tasks as loaded once. */
export function readinessOf(
  progress: Progress,
  viewerId: string,
  sets: readonly ReadinessSetId[],
  now: Date,
): ReadinessResponse[] {
  const input = { ...progress, viewerId, now };
  return sets.map((set) => {
    const questions =
      set === 'insurance' ? INSURANCE_QUESTIONS : frameworkQuestions(set, progress.catalogue);
    const items = readinessItems(questions, input);
    return {
      set,
      name: READINESS_SET_NAMES[set],
      version: set === 'insurance' ? INSURANCE_QUESTIONS_VERSION : FRAMEWORK_MAPPING_VERSION,
      generatedAt: now.toISOString(),
      counts: countAnswers(items),
      items,
    };
  });
}

/** `GET /api/readiness/:set`. */
export async function readinessSet(
  db: Db,
  organizationId: string,
  viewerId: string,
  set: ReadinessSetId,
  now = new Date(),
): Promise<ReadinessResponse> {
  const progress = await loadProgress(db, organizationId, undefined, undefined, now);
  const [answer] = readinessOf(progress, viewerId, [set], now);
  if (!answer) throw new Error('no readiness set was computed');
  return answer;
}
