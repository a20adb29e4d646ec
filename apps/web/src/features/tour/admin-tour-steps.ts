import type { TourStepRef } from '@castellan/contract';

/** Where the popover sits beside its element; driver.js calls it the side. */
export type TourPosition = 'top' | 'right' | 'bottom' | 'left';

/** One step of a guided tour (spec §3): the page, what it says, and what it points at. */
export type TourStep = {
  routePath: string;
  title: string;
  content: string;
  /** The id of the highlighted element; without one the popover sits in the middle. */
  elementId?: string;
  /** Default bottom. */
  position?: TourPosition;
  prevButtonText: string;
  nextButtonText: string;
  doneButtonText: string;
};

/** The tour's driver.js options (spec §4 "Admin tour"). */
export const TOUR_OPTIONS = {
  animate: true,
  showButtons: ['next', 'previous', 'close'],
  showProgress: false,
} as const;

const BUTTONS = {
  prevButtonText: 'Previous',
  nextButtonText: 'Next',
  doneButtonText: 'Done',
} as const;

/** The administrators' tour: 4 steps on the overview, then one on each page it introduces. */
export const ADMIN_TOUR_STEPS: readonly TourStep[] = [
  {
    routePath: '/dashboard',
    elementId: 'welcome',
    title: 'Welcome to Castellan',
    content:
      'Castellan watches your company’s email, accounts and devices and turns what it finds into a short list of things to fix. This tour shows you around in eight steps.',
    ...BUTTONS,
  },
  {
    routePath: '/dashboard',
    elementId: 'cyberScore',
    title: 'Your cyber score',
    content:
      'One number for how well protected your company is, from 0 to 100. It rises as you and your team complete tasks, and the chart shows how it has changed.',
    ...BUTTONS,
  },
  {
    routePath: '/dashboard',
    elementId: 'yourProgress',
    title: 'Your progress',
    content:
      'How many of the tasks given to you are done. Every task you complete closes a gap an attacker could use.',
    ...BUTTONS,
  },
  {
    routePath: '/dashboard',
    elementId: 'teamProgress',
    title: 'Team progress',
    content:
      'How far the whole company has come. Open the company status from here to see who still has tasks waiting.',
    position: 'top',
    ...BUTTONS,
  },
  {
    routePath: '/tasks',
    title: 'Your tasks',
    content:
      'Each task explains one risk in plain words and how to fix it, step by step. Mark it complete once done and your score follows.',
    ...BUTTONS,
  },
  {
    routePath: '/users',
    elementId: 'usersPageHeader',
    title: 'Users',
    content:
      'Everyone in your organisation who uses Castellan. Administrators see the whole company here and can tell who is an admin.',
    ...BUTTONS,
  },
  {
    routePath: '/team-progress',
    title: 'Company status',
    content:
      'Your team member by member: who has finished their tasks and who needs a reminder, so the whole company gets safer together.',
    ...BUTTONS,
  },
  {
    routePath: '/risk-analysis/',
    title: 'Risk analysis',
    content:
      'What an attacker would see from outside: the findings of the scan of your domain, what a breach could cost, and the attack graph that shows how one weak spot leads to the next.',
    ...BUTTONS,
  },
];

/** What the server is told about the steps when the tour starts (POST /api/tours/main). */
export const stepRefs = (steps: readonly TourStep[]): TourStepRef[] =>
  steps.map(({ routePath, elementId }) => ({ routePath, elementId: elementId ?? null }));
