import { lazy } from 'react';
import type { WebProvider } from '../web-provider';
import mark from './mark.svg';

export const teams: WebProvider = {
  mark,
  missingPermissions:
    'Teams refused the workflow address. Check that the workflow is on and its address is whole, then connect again.',
  findings: {
    Section: lazy(async () => ({ default: (await import('./TeamsSection')).TeamsSection })),
    forMembers: false,
    afterFirstScan: false,
  },
};
