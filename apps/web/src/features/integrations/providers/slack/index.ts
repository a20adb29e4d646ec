import { lazy } from 'react';
import type { WebProvider } from '../web-provider';
import mark from './mark.svg';

export const slack: WebProvider = {
  mark,
  missingPermissions:
    'Castellan needs the bot permissions chat:write, im:write, users:read and users:read.email, and a channel for the daily summary. Connect again and allow them all.',
  findings: {
    Section: lazy(async () => ({ default: (await import('./SlackSection')).SlackSection })),
    forMembers: false,
    afterFirstScan: false,
  },
};
