import type { DomainScan } from '@castellan/contract';

/** The registration's steps, in order. */
export const REGISTRATION_STEPS = [
  { id: 'scan', label: 'Scan', description: 'Your domain' },
  { id: 'integrations', label: 'Connect', description: 'Your tools' },
  { id: 'agent', label: 'Install', description: 'The agent' },
] as const;

export const LAST_STEP = REGISTRATION_STEPS.length - 1;

/** A remembered step index, or the first step when it is not one. */
export const validStep = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LAST_STEP
    ? value
    : 0;

/** Which buttons the step shows: Back after the first step, Next until the last, then Finish. */
export const stepButtons = (step: number) => ({
  back: step > 0,
  forward: step < LAST_STEP ? ('Next' as const) : ('Finish' as const),
});

/**
 * The screen reader's name of a step in the indicator: "Step 2: Connect your tools, current
 * step". It holds the step's visible number, label and description in their order, so people who
 * steer by voice can say what they see (WCAG 2.5.3, Label in Name).
 */
export function stepName(index: number, active: number): string {
  const step = REGISTRATION_STEPS[index];
  const state = index < active ? ', done' : index === active ? ', current step' : '';
  return `Step ${index + 1}: ${step?.label ?? ''} ${step?.description.toLowerCase() ?? ''}${state}`;
}

/** The first visit scans the domain unless a scan already ran or runs. */
export const shouldStartScan = (latest: Pick<DomainScan, 'state'> | null): boolean =>
  latest === null || latest.state === 'failed';

export type ScanStepView =
  | 'loading'
  | 'load-error'
  | 'starting'
  | 'refused'
  | 'running'
  | 'failed'
  | 'done';

/** What the scan step shows, from the analysis and the attempt to start one. */
export function scanStepView(input: {
  analysisPending: boolean;
  analysisError: boolean;
  startPending: boolean;
  startError: boolean;
  latest: Pick<DomainScan, 'state' | 'report'> | null | undefined;
}): ScanStepView {
  const { latest } = input;
  if (latest?.state === 'running') return 'running';
  if (input.startPending) return 'starting';
  if (input.startError) return 'refused';
  if (latest?.state === 'done' && latest.report) return 'done';
  if (latest) return 'failed';
  if (input.analysisError) return 'load-error';
  if (input.analysisPending) return 'loading';
  // No scan yet and none asked for: the start is on its way.
  return 'starting';
}
