import type { TourState, TourStatus } from '@castellan/contract';

/**
 * The main tour's state machine (spec §4 "Main tour status"), pure: each event gives the next
 * state and the effects to run (server calls, showing a step, navigating). TourController runs
 * them; nothing here touches the DOM, the network or the router.
 */

/** What the machine needs of a step: the page it belongs to. */
export type StepRoute = { routePath: string };

export type TourPhase =
  /** No tour on screen. */
  | 'off'
  /** The server has been asked to start or resume it. */
  | 'starting'
  /** Running: its current step is shown, or waits for the user to reach its page. */
  | 'active'
  /** The close confirmation is open. */
  | 'confirming';

export type TourMachine = {
  /** An authenticated administrator of a registered organisation. */
  eligible: boolean;
  pathname: string;
  /** The server's status, null until read. */
  status: TourStatus | null;
  stepIndex: number | null;
  phase: TourPhase;
  /** The step on screen, null when none is. */
  shownIndex: number | null;
  /** Whether the running start came from Restart Tour, which goes to the step's page. */
  startedByUser: boolean;
};

export type TourEvent =
  | { type: 'session'; eligible: boolean }
  | { type: 'page'; pathname: string }
  | { type: 'loaded'; tour: TourState }
  | { type: 'loadFailed' }
  | { type: 'restart' }
  | { type: 'started'; tour: TourState | undefined }
  | { type: 'startFailed' }
  | { type: 'highlighted'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'close' }
  | { type: 'continue' }
  | { type: 'end' };

export type TourEffect =
  | { type: 'start' }
  | { type: 'save'; status: TourStatus; currentStepId: number | null }
  | { type: 'show'; index: number }
  | { type: 'hide' }
  | { type: 'navigate'; to: string }
  | { type: 'confirm' }
  | { type: 'warn'; message: string };

export type TourContext = {
  steps: readonly StepRoute[];
  /** Whether a confirmation dialog can ask before closing; without one closing dismisses. */
  canConfirm: boolean;
};

export const TOUR_WARNINGS = {
  fetchFailed: 'Failed to fetch main tour state',
  notInitialised: 'Tour not initialised on progress update',
  alreadyActive: 'Tour already active',
  invalidConfig: 'Invalid or empty tour config',
  noValidStep: 'No valid step found',
  noConfirmation: 'Confirmation service missing',
  startFailed: 'Failed to start the main tour',
} as const;

export const initialTour = (pathname = '/'): TourMachine => ({
  eligible: false,
  pathname,
  status: null,
  stepIndex: null,
  phase: 'off',
  shownIndex: null,
  startedByUser: false,
});

/** The statuses in which changing page starts or resumes the tour. */
const RUNS_ON_PAGE_CHANGE: readonly TourStatus[] = ['not_started', 'started', 'continue_later'];

type Result = [TourMachine, TourEffect[]];

/** '/risk-analysis/' and '/risk-analysis' are the same page. */
const samePage = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

const warn = (machine: TourMachine, message: string): Result => [
  machine,
  [{ type: 'warn', message }],
];

/** Stops the tour without saving anything. */
function stop(machine: TourMachine, extra: TourEffect[] = []): Result {
  const effects: TourEffect[] = machine.shownIndex === null ? [] : [{ type: 'hide' }];
  return [
    { ...machine, phase: 'off', shownIndex: null, startedByUser: false },
    [...effects, ...extra],
  ];
}

/** Shows the current step when the user is on its page; otherwise it waits there. */
function display(machine: TourMachine, { steps }: TourContext): Result {
  const index = machine.stepIndex ?? 0;
  const step = steps[index];
  if (!step) return stop(machine, [{ type: 'warn', message: TOUR_WARNINGS.noValidStep }]);
  if (samePage(step.routePath, machine.pathname)) {
    if (machine.shownIndex === index) return [machine, []];
    return [{ ...machine, stepIndex: index, shownIndex: index }, [{ type: 'show', index }]];
  }
  if (machine.shownIndex === null) return [{ ...machine, stepIndex: index }, []];
  return [{ ...machine, stepIndex: index, shownIndex: null }, [{ type: 'hide' }]];
}

/** Starts or resumes: the server is asked unless the tour is already started there. */
function begin(machine: TourMachine, context: TourContext, byUser: boolean): Result {
  if (context.steps.length === 0) return warn(machine, TOUR_WARNINGS.invalidConfig);
  if (machine.status === 'started') {
    const active: TourMachine = { ...machine, phase: 'active', startedByUser: byUser };
    const [next, effects] = display(active, context);
    return [next, [...effects, ...goToStep(next, context, byUser)]];
  }
  return [{ ...machine, phase: 'starting', startedByUser: byUser }, [{ type: 'start' }]];
}

/** After Restart Tour the user is taken to the page of the step the tour is at. */
function goToStep(machine: TourMachine, { steps }: TourContext, byUser: boolean): TourEffect[] {
  const step = steps[machine.stepIndex ?? 0];
  if (!byUser || machine.phase !== 'active' || !step || samePage(step.routePath, machine.pathname))
    return [];
  return [{ type: 'navigate', to: step.routePath }];
}

function autoStart(machine: TourMachine, context: TourContext): Result {
  if (!machine.eligible || machine.phase !== 'off' || machine.status === null) return [machine, []];
  if (!RUNS_ON_PAGE_CHANGE.includes(machine.status)) return [machine, []];
  return begin(machine, context, false);
}

/** Moves to another step, going to its page first when it is elsewhere. */
function moveTo(machine: TourMachine, index: number, context: TourContext): Result {
  const step = context.steps[index];
  if (!step) return warn(machine, TOUR_WARNINGS.noValidStep);
  const moved = { ...machine, stepIndex: index };
  if (samePage(step.routePath, machine.pathname)) return display(moved, context);
  const hide: TourEffect[] = machine.shownIndex === null ? [] : [{ type: 'hide' }];
  return [{ ...moved, shownIndex: null }, [...hide, { type: 'navigate', to: step.routePath }]];
}

function dismiss(machine: TourMachine): Result {
  const save: TourEffect = {
    type: 'save',
    status: 'dismissed',
    currentStepId: machine.stepIndex,
  };
  return stop({ ...machine, status: 'dismissed' }, [save]);
}

export function transition(machine: TourMachine, event: TourEvent, context: TourContext): Result {
  switch (event.type) {
    case 'session': {
      if (event.eligible) return autoStart({ ...machine, eligible: true }, context);
      if (!machine.eligible && machine.phase === 'off') return [machine, []];
      const [stopped, effects] = stop(machine);
      return [{ ...initialTour(stopped.pathname) }, effects];
    }
    case 'page': {
      const moved = { ...machine, pathname: event.pathname };
      if (moved.phase === 'active') return display(moved, context);
      return autoStart(moved, context);
    }
    case 'loaded':
      // While the tour runs it is the newer truth: a late answer must not move it.
      if (machine.phase !== 'off') return [machine, []];
      return autoStart(
        { ...machine, status: event.tour.status, stepIndex: event.tour.currentStepId },
        context,
      );
    case 'loadFailed':
      return warn(machine, TOUR_WARNINGS.fetchFailed);
    case 'restart': {
      if (!machine.eligible) return [machine, []];
      if (machine.phase === 'starting') return [machine, []];
      if (machine.phase === 'active' || machine.phase === 'confirming') {
        const [next, effects] = display({ ...machine, phase: 'active' }, context);
        return [
          next,
          [
            { type: 'warn', message: TOUR_WARNINGS.alreadyActive },
            ...effects,
            ...goToStep(next, context, true),
          ],
        ];
      }
      return begin(machine, context, true);
    }
    case 'started': {
      if (machine.phase !== 'starting') return [machine, []];
      if (!event.tour) return [{ ...machine, phase: 'off', startedByUser: false }, []];
      // With no step set, step 0 and started are assumed.
      const unset = event.tour.currentStepId === null;
      const active: TourMachine = {
        ...machine,
        phase: 'active',
        status: unset ? 'started' : event.tour.status,
        stepIndex: event.tour.currentStepId ?? 0,
      };
      const [next, effects] = display(active, context);
      return [next, [...effects, ...goToStep(next, context, machine.startedByUser)]];
    }
    case 'startFailed': {
      if (machine.phase !== 'starting') return [machine, []];
      const stopped = { ...machine, phase: 'off' as const, startedByUser: false };
      return machine.startedByUser ? [stopped, []] : warn(stopped, TOUR_WARNINGS.startFailed);
    }
    case 'highlighted':
      if (machine.phase !== 'active') return warn(machine, TOUR_WARNINGS.notInitialised);
      return [
        { ...machine, status: 'started', stepIndex: event.index },
        [{ type: 'save', status: 'started', currentStepId: event.index }],
      ];
    case 'next': {
      if (machine.phase !== 'active' || machine.stepIndex === null) return [machine, []];
      const last = context.steps.length - 1;
      if (machine.stepIndex < last) return moveTo(machine, machine.stepIndex + 1, context);
      const done = { ...machine, status: 'completed' as const, stepIndex: last };
      const [stopped, effects] = stop(done, [
        { type: 'save', status: 'completed', currentStepId: last },
      ]);
      return [stopped, [...effects, { type: 'navigate', to: '/dashboard' }]];
    }
    case 'previous':
      if (machine.phase !== 'active' || !machine.stepIndex) return [machine, []];
      return moveTo(machine, machine.stepIndex - 1, context);
    case 'close': {
      if (machine.phase !== 'active') return [machine, []];
      if (!context.canConfirm) {
        const [next, effects] = dismiss(machine);
        return [next, [{ type: 'warn', message: TOUR_WARNINGS.noConfirmation }, ...effects]];
      }
      const hide: TourEffect[] = machine.shownIndex === null ? [] : [{ type: 'hide' }];
      return [
        { ...machine, phase: 'confirming', shownIndex: null },
        [...hide, { type: 'confirm' }],
      ];
    }
    case 'continue':
      if (machine.phase !== 'confirming') return [machine, []];
      return display({ ...machine, phase: 'active' }, context);
    case 'end':
      if (machine.phase !== 'confirming' && machine.phase !== 'active') return [machine, []];
      return dismiss(machine);
  }
}

/** The main tour among the server's records; without one, not started with no step. */
export const mainTourOf = (records: readonly TourState[] | null | undefined): TourState =>
  records?.find((record) => record.tourType === 'main') ?? {
    tourType: 'main',
    status: 'not_started',
    currentStepId: null,
  };
