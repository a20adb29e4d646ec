import type { TourState } from '@castellan/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openConfirmModal } from '../../lib/confirm';
import { useUserData } from '../../lib/user-data';
import { ADMIN_TOUR_STEPS } from './admin-tour-steps';
import { saveMainTour, startMainTour, toursQuery } from './api';
import { setRestartHandler } from './restart-tour';
import type { TourDriver } from './tour-driver';
import {
  initialTour,
  mainTourOf,
  type TourContext,
  type TourEffect,
  type TourEvent,
  transition,
} from './tour-machine';

const CONTEXT: TourContext = { steps: ADMIN_TOUR_STEPS, canConfirm: true };

/** Asks 'Close Tour?'; `answer` is called once, with true for End Tour. */
function confirmClose(answer: (end: boolean) => void): void {
  let answered = false;
  const once = (end: boolean) => {
    if (answered) return;
    answered = true;
    answer(end);
  };
  openConfirmModal({
    title: 'Close Tour?',
    children: <Text size="sm">Do you want to end the tour or continue where you left off?</Text>,
    labels: { confirm: 'End Tour', cancel: 'Continue Tour' },
    onConfirm: () => once(true),
    onCancel: () => once(false),
    // Escape or a click outside: carry on.
    onClose: () => once(false),
  });
}

/**
 * Runs the administrators' guided tour: feeds the state machine the session, the page and the
 * server's answers, and carries out what it asks. Mounted once, in the app layout.
 */
export function TourController({ onStepInNavbar }: { onStepInNavbar?: () => void }) {
  const { data: user } = useUserData();
  const eligible = !!user && user.role === 'admin' && user.organizationStatus === 'REGISTERED';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tours = useQuery({ ...toursQuery, enabled: eligible });

  const machine = useRef(initialTour(pathname));
  const driver = useRef<Promise<TourDriver> | null>(null);
  const pendingStart = useRef<Promise<TourState | undefined> | null>(null);
  // The latest callbacks, for the effects run outside React's render.
  const latest = useRef({ navigate, onStepInNavbar });
  latest.current = { navigate, onStepInNavbar };

  const dispatch = useRef((event: TourEvent) => {
    const [next, effects] = transition(machine.current, event, CONTEXT);
    machine.current = next;
    for (const effect of effects) run(effect);
  }).current;

  const loadDriver = () => {
    driver.current ??= import('./tour-driver').then(({ createTourDriver }) =>
      createTourDriver(ADMIN_TOUR_STEPS, {
        onNext: () => dispatch({ type: 'next' }),
        onPrevious: () => dispatch({ type: 'previous' }),
        onClose: () => dispatch({ type: 'close' }),
        onHighlighted: (index) => dispatch({ type: 'highlighted', index }),
      }),
    );
    return driver.current;
  };

  function run(effect: TourEffect): void {
    switch (effect.type) {
      case 'start': {
        const started = startMainTour().then(
          (tour) => {
            dispatch({ type: 'started', tour });
            return tour;
          },
          (error: unknown) => {
            dispatch({ type: 'startFailed' });
            throw error;
          },
        );
        started.catch(() => undefined); // An automatic start only logs its failure.
        pendingStart.current = started;
        return;
      }
      case 'save':
        saveMainTour({ status: effect.status, currentStepId: effect.currentStepId }).catch(
          (error: unknown) => console.warn('Failed to save main tour state', error),
        );
        return;
      case 'show': {
        const id = ADMIN_TOUR_STEPS[effect.index]?.elementId;
        const element = id ? document.getElementById(id) : null;
        if (element?.closest('[aria-label="Main menu"]')) latest.current.onStepInNavbar?.();
        // Once the page has drawn the step's element.
        loadDriver().then(
          (tour) => {
            if (machine.current.shownIndex === effect.index) tour.show(effect.index);
          },
          (error: unknown) => {
            driver.current = null; // Tried again at the next step shown.
            console.warn('Failed to load the tour', error);
          },
        );
        return;
      }
      case 'hide':
        void driver.current?.then((tour) => tour.hide());
        return;
      case 'navigate':
        void latest.current.navigate(effect.to);
        return;
      case 'confirm':
        // Once the step is gone: driver.js gives the focus back as it leaves, and the question
        // must have it (for Escape and Tab).
        void (driver.current ?? Promise.resolve()).then(() =>
          confirmClose((end) => dispatch({ type: end ? 'end' : 'continue' })),
        );
        return;
      case 'warn':
        console.warn(effect.message);
        return;
    }
  }

  useEffect(() => {
    dispatch({ type: 'session', eligible });
  }, [eligible, dispatch]);

  useEffect(() => {
    dispatch({ type: 'page', pathname });
  }, [pathname, dispatch]);

  useEffect(() => {
    if (tours.isError) dispatch({ type: 'loadFailed' });
    else if (tours.data) dispatch({ type: 'loaded', tour: mainTourOf(tours.data) });
  }, [tours.data, tours.isError, dispatch]);

  useEffect(() => {
    setRestartHandler(() => {
      pendingStart.current = null;
      dispatch({ type: 'restart' });
      const main = machine.current;
      return (
        pendingStart.current ??
        Promise.resolve({
          tourType: 'main',
          status: main.status ?? 'started',
          currentStepId: main.stepIndex,
        })
      );
    });
    return () => {
      setRestartHandler(null);
      dispatch({ type: 'session', eligible: false });
      void driver.current?.then((tour) => tour.dispose());
      driver.current = null;
    };
  }, [dispatch]);

  return null;
}
export default TourController;
