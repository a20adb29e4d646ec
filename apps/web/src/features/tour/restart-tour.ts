import type { TourState } from '@castellan/contract';

type RestartHandler = () => Promise<TourState | undefined>;

let handler: RestartHandler | null = null;
let mountController: (() => void) | null = null;
let waiting: ((handler: RestartHandler) => void)[] = [];

/** The mounted tour controller takes Restart Tour requests. */
export function setRestartHandler(next: RestartHandler | null): void {
  handler = next;
  if (!next) return;
  for (const resume of waiting) resume(next);
  waiting = [];
}

/** How the layout mounts the controller when a finished tour is restarted (its code loads then). */
export function setControllerMount(mount: (() => void) | null): void {
  mountController = mount;
}

/**
 * Restart Tour (spec §4): starts or resumes the tour. The answer is the tour's state, undefined
 * when the server was busy; it rejects when the server refused.
 */
export function restartTour(): Promise<TourState | undefined> {
  if (handler) return handler();
  if (!mountController) {
    console.warn('Tour not initialised: no tour controller is mounted');
    return Promise.resolve(undefined);
  }
  mountController();
  return new Promise<RestartHandler>((resume) => waiting.push(resume)).then((next) => next());
}
