import { findingTaskId } from '@castellan/scanner';
import type { FindingVerdict } from './repository';

/**
 * What a scan says about the catalogue tasks its findings name: done when every tested finding
 * of the task passed, not done when any failed. Tasks it could not test are not judged.
 */
export function taskVerdicts(findings: readonly FindingVerdict[]): Map<string, 'pass' | 'fail'> {
  const verdicts = new Map<string, 'pass' | 'fail'>();
  for (const f of findings) {
    // Passing findings name no task to do; the check they come from still says which it is.
    const taskId = findingTaskId(f);
    if (!taskId || (f.status !== 'pass' && f.status !== 'fail')) continue;
    if (f.status === 'fail' || verdicts.get(taskId) !== 'fail') verdicts.set(taskId, f.status);
  }
  return verdicts;
}
