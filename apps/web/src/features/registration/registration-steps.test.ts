import { describe, expect, it } from 'vitest';
import {
  LAST_STEP,
  scanStepView,
  shouldStartScan,
  stepButtons,
  stepName,
  validStep,
} from './registration-steps';

describe('registration steps', () => {
  it('has three steps and accepts only their indexes as the remembered one', () => {
    expect(LAST_STEP).toBe(2);
    expect(validStep(1)).toBe(1);
    expect(validStep(2)).toBe(2);
    for (const bad of [3, -1, 1.5, '1', null, undefined]) expect(validStep(bad)).toBe(0);
  });

  it('offers Back after the first step and Finish on the last', () => {
    expect(stepButtons(0)).toEqual({ back: false, forward: 'Next' });
    expect(stepButtons(1)).toEqual({ back: true, forward: 'Next' });
    expect(stepButtons(2)).toEqual({ back: true, forward: 'Finish' });
  });

  it('names the steps for screen readers with where the user is', () => {
    expect(stepName(0, 1)).toBe('Step 1: Scan your domain, done');
    expect(stepName(1, 1)).toBe('Step 2: Connect your tools, current step');
    expect(stepName(2, 1)).toBe('Step 3: Install the agent');
  });
});

describe('the scan step', () => {
  const base = {
    analysisPending: false,
    analysisError: false,
    startPending: false,
    startError: false,
    latest: null,
  };
  const report = { score: 80 } as never;

  it('starts a scan when there is none, or the last one failed', () => {
    expect(shouldStartScan(null)).toBe(true);
    expect(shouldStartScan({ state: 'failed' })).toBe(true);
    expect(shouldStartScan({ state: 'running' })).toBe(false);
    expect(shouldStartScan({ state: 'done' })).toBe(false);
  });

  it('shows the progress, the result, or why the scan could not run', () => {
    expect(scanStepView({ ...base, analysisPending: true })).toBe('loading');
    expect(scanStepView({ ...base, analysisError: true })).toBe('load-error');
    expect(scanStepView(base)).toBe('starting');
    expect(scanStepView({ ...base, startPending: true })).toBe('starting');
    expect(scanStepView({ ...base, startError: true })).toBe('refused');
    expect(scanStepView({ ...base, latest: { state: 'running', report: null } })).toBe('running');
    expect(scanStepView({ ...base, latest: { state: 'failed', report: null } })).toBe('failed');
    expect(scanStepView({ ...base, latest: { state: 'done', report } })).toBe('done');
    expect(scanStepView({ ...base, latest: { state: 'done', report: null } })).toBe('failed');
  });

  it('prefers a running scan to an earlier refusal, and a refusal to an old result', () => {
    const running = { state: 'running' as const, report: null };
    expect(scanStepView({ ...base, startError: true, latest: running })).toBe('running');
    expect(scanStepView({ ...base, startError: true, latest: { state: 'done', report } })).toBe(
      'refused',
    );
  });
});
