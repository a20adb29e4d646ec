import type { SetupStep } from '@castellan/contract';

/** What each step asks, where it is done and about how long it takes. */
export const SETUP_STEP_TEXT: Record<
  SetupStep,
  { title: string; minutes: number; to: string; action: string }
> = {
  suite: {
    title: 'Connect Google Workspace or Microsoft 365',
    minutes: 2,
    to: '/integrations',
    action: 'Open Integrations',
  },
  domainScan: {
    title: 'Scan your domain',
    minutes: 1,
    to: '/risk-analysis',
    action: 'Open Risk analysis',
  },
  agent: {
    title: 'Install the agent on your own computer',
    minutes: 5,
    to: '/agent/download',
    action: 'Download the agent',
  },
  team: {
    title: 'Invite your team',
    minutes: 3,
    to: '/users',
    action: 'Open Users',
  },
  reminders: {
    title: 'Turn on weekly reminders',
    minutes: 1,
    to: '/settings',
    action: 'Open Settings',
  },
};

export const minutesText = (minutes: number) =>
  minutes === 1 ? 'About a minute' : `About ${minutes} minutes`;
