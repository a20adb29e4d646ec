import type { TourState } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  initialTour,
  mainTourOf,
  TOUR_WARNINGS,
  type TourContext,
  type TourEvent,
  type TourMachine,
  transition,
} from './tour-machine';

const steps = [
  { routePath: '/dashboard' },
  { routePath: '/dashboard' },
  { routePath: '/tasks' },
  { routePath: '/risk-analysis/' },
];
const context: TourContext = { steps, canConfirm: true };

const tour = (status: TourState['status'], currentStepId: number | null = null): TourState => ({
  tourType: 'main',
  status,
  currentStepId,
});

/** Runs the events one after the other and returns the last state with every effect. */
function run(events: TourEvent[], start = initialTour('/dashboard'), ctx = context) {
  let machine: TourMachine = start;
  const effects = [];
  for (const event of events) {
    const [next, produced] = transition(machine, event, ctx);
    machine = next;
    effects.push(...produced);
  }
  return { machine, effects };
}

/** An administrator on the dashboard whose tour is running at `index`, shown. */
const running = (index = 0, pathname = '/dashboard'): TourMachine => ({
  ...initialTour(pathname),
  eligible: true,
  status: 'started',
  stepIndex: index,
  phase: 'active',
  shownIndex: steps[index]?.routePath === pathname ? index : null,
});

describe('starting on a page change', () => {
  it('asks the server to start a tour not started yet', () => {
    const { machine, effects } = run([
      { type: 'session', eligible: true },
      { type: 'loaded', tour: tour('not_started') },
    ]);
    expect(machine.phase).toBe('starting');
    expect(effects).toEqual([{ type: 'start' }]);
  });

  it.each(['continue_later'] as const)('asks the server to resume a tour that is %s', (status) => {
    const { effects } = run([
      { type: 'session', eligible: true },
      { type: 'loaded', tour: tour(status, 2) },
    ]);
    expect(effects).toEqual([{ type: 'start' }]);
  });

  it('resumes a started tour at its step without asking the server', () => {
    const { machine, effects } = run([
      { type: 'session', eligible: true },
      { type: 'loaded', tour: tour('started', 1) },
    ]);
    expect(machine.phase).toBe('active');
    expect(effects).toEqual([{ type: 'show', index: 1 }]);
  });

  it.each(['dismissed', 'completed'] as const)('leaves a %s tour alone', (status) => {
    const { machine, effects } = run([
      { type: 'session', eligible: true },
      { type: 'loaded', tour: tour(status, 3) },
      { type: 'page', pathname: '/tasks' },
    ]);
    expect(machine.phase).toBe('off');
    expect(effects).toEqual([]);
  });

  it('does nothing for someone who may not see the tour', () => {
    const { effects } = run([
      { type: 'session', eligible: false },
      { type: 'loaded', tour: tour('not_started') },
      { type: 'page', pathname: '/tasks' },
    ]);
    expect(effects).toEqual([]);
  });

  it('starts on the next page change once the state is known', () => {
    const { effects } = run([
      { type: 'loaded', tour: tour('not_started') },
      { type: 'session', eligible: true },
    ]);
    expect(effects).toEqual([{ type: 'start' }]);
  });

  it('ignores a late read of the state while the tour runs', () => {
    const { machine, effects } = run([{ type: 'loaded', tour: tour('started', 0) }], running(1));
    expect(machine.stepIndex).toBe(1);
    expect(effects).toEqual([]);
  });

  it('only logs a failure to read the state', () => {
    const { machine, effects } = run([{ type: 'loadFailed' }]);
    expect(machine.phase).toBe('off');
    expect(effects).toEqual([{ type: 'warn', message: 'Failed to fetch main tour state' }]);
  });
});

describe("the server's answer to a start", () => {
  const starting = { ...initialTour('/dashboard'), eligible: true, phase: 'starting' as const };

  it('assumes step 0 and started when no step is set', () => {
    const { machine, effects } = run(
      [{ type: 'started', tour: tour('not_started', null) }],
      starting,
    );
    expect(machine).toMatchObject({ status: 'started', stepIndex: 0, phase: 'active' });
    expect(effects).toEqual([{ type: 'show', index: 0 }]);
  });

  it('waits on another page until the user reaches the step’s page', () => {
    const { machine, effects } = run([{ type: 'started', tour: tour('started', 2) }], {
      ...starting,
      pathname: '/users',
    });
    expect(machine.phase).toBe('active');
    expect(effects).toEqual([]);
    expect(run([{ type: 'page', pathname: '/tasks' }], machine).effects).toEqual([
      { type: 'show', index: 2 },
    ]);
  });

  it('stops quietly when the server was busy', () => {
    const { machine, effects } = run([{ type: 'started', tour: undefined }], starting);
    expect(machine.phase).toBe('off');
    expect(effects).toEqual([]);
  });

  it('logs a failed automatic start', () => {
    const { effects } = run([{ type: 'startFailed' }], starting);
    expect(effects).toEqual([{ type: 'warn', message: TOUR_WARNINGS.startFailed }]);
  });

  it('warns when the step the server names does not exist', () => {
    const { machine, effects } = run([{ type: 'started', tour: tour('started', 9) }], starting);
    expect(machine.phase).toBe('off');
    expect(effects).toEqual([{ type: 'warn', message: 'No valid step found' }]);
  });
});

describe('moving through the steps', () => {
  it('saves started and the index of each highlighted step', () => {
    const { machine, effects } = run([{ type: 'highlighted', index: 1 }], running(1));
    expect(machine.status).toBe('started');
    expect(effects).toEqual([{ type: 'save', status: 'started', currentStepId: 1 }]);
  });

  it('only logs a highlighted step when the tour is not running', () => {
    const { effects } = run([{ type: 'highlighted', index: 1 }], initialTour('/dashboard'));
    expect(effects).toEqual([{ type: 'warn', message: 'Tour not initialised on progress update' }]);
  });

  it('Next shows the next step on the same page', () => {
    const { machine, effects } = run([{ type: 'next' }], running(0));
    expect(machine.stepIndex).toBe(1);
    expect(effects).toEqual([{ type: 'show', index: 1 }]);
  });

  it('Next navigates first when the next step is on another page, then shows it there', () => {
    const { machine, effects } = run([{ type: 'next' }], running(1));
    expect(machine).toMatchObject({ stepIndex: 2, shownIndex: null, phase: 'active' });
    expect(effects).toEqual([{ type: 'hide' }, { type: 'navigate', to: '/tasks' }]);
    expect(run([{ type: 'page', pathname: '/tasks' }], machine).effects).toEqual([
      { type: 'show', index: 2 },
    ]);
  });

  it('Next on the last step completes the tour and goes to the overview', () => {
    const { machine, effects } = run([{ type: 'next' }], running(3, '/risk-analysis/'));
    expect(machine).toMatchObject({ status: 'completed', phase: 'off', stepIndex: 3 });
    expect(effects).toEqual([
      { type: 'hide' },
      { type: 'save', status: 'completed', currentStepId: 3 },
      { type: 'navigate', to: '/dashboard' },
    ]);
  });

  it('Previous goes back, navigating when the step is on another page', () => {
    const { machine, effects } = run([{ type: 'previous' }], running(2, '/tasks'));
    expect(machine.stepIndex).toBe(1);
    expect(effects).toEqual([{ type: 'hide' }, { type: 'navigate', to: '/dashboard' }]);
    expect(run([{ type: 'previous' }], running(1)).effects).toEqual([{ type: 'show', index: 0 }]);
  });

  it('Previous on the first step does nothing', () => {
    expect(run([{ type: 'previous' }], running(0)).effects).toEqual([]);
  });

  it('hides the step when the user leaves its page and shows it on return', () => {
    const away = run([{ type: 'page', pathname: '/settings' }], running(1));
    expect(away.effects).toEqual([{ type: 'hide' }]);
    expect(run([{ type: 'page', pathname: '/dashboard' }], away.machine).effects).toEqual([
      { type: 'show', index: 1 },
    ]);
  });
});

describe('closing', () => {
  it('asks for confirmation first', () => {
    const { machine, effects } = run([{ type: 'close' }], running(1));
    expect(machine.phase).toBe('confirming');
    expect(effects).toEqual([{ type: 'hide' }, { type: 'confirm' }]);
  });

  it('Continue Tour shows the current step again', () => {
    const { machine, effects } = run([{ type: 'close' }, { type: 'continue' }], running(1));
    expect(machine.phase).toBe('active');
    expect(effects.at(-1)).toEqual({ type: 'show', index: 1 });
  });

  it('End Tour saves dismissed with the current step and removes the tour', () => {
    const { machine, effects } = run([{ type: 'close' }, { type: 'end' }], running(1));
    expect(machine).toMatchObject({ phase: 'off', status: 'dismissed', shownIndex: null });
    expect(effects.at(-1)).toEqual({ type: 'save', status: 'dismissed', currentStepId: 1 });
  });

  it('without a confirmation service dismisses at once and logs why', () => {
    const { machine, effects } = run([{ type: 'close' }], running(2, '/tasks'), {
      ...context,
      canConfirm: false,
    });
    expect(machine.status).toBe('dismissed');
    expect(effects).toEqual([
      { type: 'warn', message: 'Confirmation service missing' },
      { type: 'hide' },
      { type: 'save', status: 'dismissed', currentStepId: 2 },
    ]);
  });
});

describe('tearing down and restarting', () => {
  it('removes the tour when the user is no longer an eligible administrator', () => {
    const { machine, effects } = run([{ type: 'session', eligible: false }], running(1));
    expect(machine).toEqual(initialTour('/dashboard'));
    expect(effects).toEqual([{ type: 'hide' }]);
  });

  it('Restart Tour asks the server again after the tour was dismissed', () => {
    const dismissed = { ...initialTour('/tasks'), eligible: true, status: 'dismissed' as const };
    const { machine, effects } = run([{ type: 'restart' }], dismissed);
    expect(machine).toMatchObject({ phase: 'starting', startedByUser: true });
    expect(effects).toEqual([{ type: 'start' }]);
  });

  it('after Restart Tour the user is taken to the page of the step', () => {
    const starting = {
      ...initialTour('/tasks'),
      eligible: true,
      phase: 'starting' as const,
      startedByUser: true,
    };
    const { effects } = run([{ type: 'started', tour: tour('started', null) }], starting);
    expect(effects).toEqual([{ type: 'navigate', to: '/dashboard' }]);
  });

  it('Restart Tour while the tour runs resumes it and logs that it was active', () => {
    const { effects } = run([{ type: 'restart' }], running(2, '/settings'));
    expect(effects).toEqual([
      { type: 'warn', message: 'Tour already active' },
      { type: 'navigate', to: '/tasks' },
    ]);
  });

  it('refuses to start with no steps', () => {
    const idle = { ...initialTour('/dashboard'), eligible: true, status: 'dismissed' as const };
    const { effects } = run([{ type: 'restart' }], idle, { steps: [], canConfirm: true });
    expect(effects).toEqual([{ type: 'warn', message: 'Invalid or empty tour config' }]);
  });

  it('Restart Tour does nothing for someone not eligible', () => {
    expect(run([{ type: 'restart' }]).effects).toEqual([]);
  });
});

describe('mainTourOf', () => {
  it('picks the main tour, or assumes not started with no step', () => {
    expect(mainTourOf([tour('completed', 7)])).toEqual(tour('completed', 7));
    expect(mainTourOf([])).toEqual(tour('not_started', null));
    expect(mainTourOf(null)).toEqual(tour('not_started', null));
  });
});
