import type { TaskEvidence } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { evidenceSummary } from './evidence-display';

describe('task evidence', () => {
  const now = new Date('2025-03-04T14:00:00Z');
  const evidence = (patch: Partial<TaskEvidence>): TaskEvidence => ({
    source: 'gws',
    verdict: 'pass',
    checkedAt: '2025-03-04T12:00:00Z',
    detail: null,
    ...patch,
  });

  it('says who checked a passing task, and when', () => {
    expect(evidenceSummary(evidence({}), now)).toBe('Checked by Google Workspace, 2 h ago');
    expect(evidenceSummary(evidence({ source: 'domain-scan' }), now)).toBe(
      'Checked by Domain scan, 2 h ago',
    );
  });

  it('says which check found a task not done', () => {
    expect(evidenceSummary(evidence({ verdict: 'fail' }), now)).toBe(
      'Google Workspace found this is not done yet',
    );
  });
});
