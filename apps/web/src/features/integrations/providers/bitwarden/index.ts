import { lazy } from 'react';
import type { WebProvider } from '../web-provider';
import mark from './mark.svg';

export const bitwarden: WebProvider = {
  mark,
  missingPermissions:
    'Bitwarden refused to show the organisation’s members. Check that the organisation is on the Teams or Enterprise plan, then connect again with its API key.',
  findings: {
    Section: lazy(async () => ({
      default: (await import('./BitwardenSection')).BitwardenSection,
    })),
    forMembers: false,
    afterFirstScan: true,
  },
};
