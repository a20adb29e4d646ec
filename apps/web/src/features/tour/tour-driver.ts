import { type DriveStep, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { TOUR_OPTIONS, type TourStep } from './admin-tour-steps';

/**
 * driver.js behind the small surface the tour controller needs. Loaded with a dynamic import, so
 * the library and its styles stay out of the first page's JavaScript.
 */
export type TourDriver = {
  show: (index: number) => void;
  hide: () => void;
  dispose: () => void;
};

export type TourDriverHandlers = {
  onNext: () => void;
  onPrevious: () => void;
  /** The close button, Escape or a click on the overlay. */
  onClose: () => void;
  onHighlighted: (index: number) => void;
};

/** How long a step waits for its element to appear (the page may still be loading its data). */
const ELEMENT_WAIT_MS = 3000;

const toDriveStep = (step: TourStep, index: number, steps: readonly TourStep[]): DriveStep => ({
  ...(step.elementId ? { element: `#${step.elementId}`, waitForElement: ELEMENT_WAIT_MS } : {}),
  popover: {
    title: step.title,
    description: step.content,
    side: step.position ?? 'bottom',
    prevBtnText: step.prevButtonText,
    // A step's own next text would win over the done text on the last step.
    nextBtnText: index === steps.length - 1 ? step.doneButtonText : step.nextButtonText,
    doneBtnText: step.doneButtonText,
  },
});

const KEYS = new Set(['Escape', 'ArrowLeft', 'ArrowRight']);

export function createTourDriver(
  steps: readonly TourStep[],
  handlers: TourDriverHandlers,
): TourDriver {
  const tour = driver({
    ...TOUR_OPTIONS,
    showButtons: [...TOUR_OPTIONS.showButtons],
    popoverClass: 'castellan-tour',
    steps: steps.map(toDriveStep),
    // The keys are handled below, so that the Escape that closes the confirmation does not reach
    // the tour shown again behind it.
    allowKeyboardControl: false,
    onNextClick: () => handlers.onNext(),
    onPrevClick: () => handlers.onPrevious(),
    onCloseClick: () => handlers.onClose(),
    onDestroyStarted: () => handlers.onClose(),
    onHighlighted: (_element, _step, { index }) => {
      if (index !== undefined) handlers.onHighlighted(index);
    },
  });

  // A key counts only when it went down while the tour was on screen. Seen first (capture, and
  // registered before any dialog's own listener), before the close question can bring it back.
  let pressed: string | null = null;
  const onKeydown = (event: KeyboardEvent) => {
    pressed = tour.isActive() && KEYS.has(event.key) ? event.key : null;
  };
  const onKeyup = (event: KeyboardEvent) => {
    if (pressed !== event.key || !tour.isActive()) return;
    pressed = null;
    if (event.key === 'Escape') handlers.onClose();
    else if (event.key === 'ArrowRight') handlers.onNext();
    else handlers.onPrevious();
  };
  window.addEventListener('keydown', onKeydown, { capture: true });
  window.addEventListener('keyup', onKeyup);

  return {
    show: (index) => tour.drive(index),
    hide: () => tour.destroy(),
    dispose: () => {
      window.removeEventListener('keydown', onKeydown, { capture: true });
      window.removeEventListener('keyup', onKeyup);
      tour.destroy();
    },
  };
}
