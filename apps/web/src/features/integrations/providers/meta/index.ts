import { lazy } from 'react';
import type { WebProvider } from '../web-provider';
import mark from './mark.svg';

export const meta: WebProvider = {
  mark,
  missingPermissions:
    'Castellan needs the business management permission to see your business accounts. Reconnect and keep that permission ticked.',
  findings: {
    Section: lazy(async () => ({ default: (await import('./MetaSection')).MetaSection })),
    forMembers: false,
    afterFirstScan: true,
  },
};
