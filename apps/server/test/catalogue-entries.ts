import type { CatalogueTask } from '../src/modules/tasks/catalogue/types';

/** A catalogue entry with everything but what a test sets. */
export const entry = (id: string, over: Partial<CatalogueTask>): CatalogueTask => ({
  id,
  version: 1,
  title: id,
  summary: 's',
  why: 'w',
  instructions: [{ platform: null, steps: ['do it'] }],
  scope: 'Individual',
  category: 'Basic protection',
  part: 'Identity and accounts',
  platforms: [],
  minutes: 10,
  risk: 'High',
  automation: 'NotAutomatable',
  cisSafeguards: ['6.3'],
  cyberEssentials: ['user-access-control'],
  ...over,
});

// 10 points (Individual, Critical) + 6 (Admin, High) + 1 (Individual, Low) + 0 (Info).
export const catalogue = [
  entry('mfa', { risk: 'Critical', category: 'First things first' }),
  entry('enforce', { scope: 'Admin', risk: 'High', category: 'First things first' }),
  entry('lock', {
    risk: 'Low',
    category: 'Quick fix',
    part: 'Devices',
    platforms: ['Windows', 'macOS'],
  }),
  entry('tip', { risk: 'Info', category: 'Extra protection', minutes: 5 }),
];
