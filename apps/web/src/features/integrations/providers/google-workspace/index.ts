import { lazy } from 'react';
import { notStartedHere, type WebProvider } from '../web-provider';
import { ConnectGoogleCard } from './ConnectGoogleCard';
import mark from './mark.svg';
import { GOOGLE_PERMISSIONS } from './permissions';

export const googleWorkspace: WebProvider = {
  mark,
  missingPermissions: `Castellan needs admin permissions it did not get. Reconnect and sign in with a super administrator account, then allow every permission requested: ${GOOGLE_PERMISSIONS}.`,
  refusals: { 'gws-state': notStartedHere('Google Workspace', 'Google') },
  findings: {
    Section: lazy(async () => ({
      default: (await import('./GoogleWorkspaceSection')).GoogleWorkspaceSection,
    })),
    forMembers: true,
    afterFirstScan: false,
  },
  // Set by the connect callback when the grant lacks admin permissions (spec §2).
  notice: {
    flag: 'googleWorkspacePermissionsRequired',
    Panel: lazy(async () => ({
      default: (await import('./PermissionsRequiredPanel')).PermissionsRequiredPanel,
    })),
  },
  setupOffer: ConnectGoogleCard,
};
