import type { TourState } from '@castellan/contract';

type RestartHandler = () => Promise<TourState | undefined>;

let handler: RestartHandler | null = null;

/** The mounted tour controller takes Restart Tour requests. */
export function setRestartHandler(next: RestartHandler | null): void {
  handler = next;
}

/**
 * Restart Tour (spec §4): starts or resumes the tour. The answer is the tour's state, undefined
 * when the server was busy; it rejects when the server refused.
 */
export function restartTour(): Promise<TourState | undefined> {
  if (!handler) {
    console.warn('Tour not initialised: no tour controller is mounted');
    return Promise.resolve(undefined);
  }
  return handler();
}
