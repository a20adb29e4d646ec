import { notStartedHere, type WebProvider } from '../web-provider';
import { ConnectGoogleCard } from './ConnectGoogleCard';
import { GoogleWorkspaceSection } from './GoogleWorkspaceSection';
import mark from './mark.svg';
import { PermissionsRequiredPanel } from './PermissionsRequiredPanel';
import { GOOGLE_PERMISSIONS } from './permissions';

export const googleWorkspace: WebProvider = {
  mark,
  missingPermissions: `Castellan needs admin permissions it did not get. Reconnect and sign in with a super administrator account, then allow every permission requested: ${GOOGLE_PERMISSIONS}.`,
  refusals: { 'gws-state': notStartedHere('Google Workspace', 'Google') },
  findings: { Section: GoogleWorkspaceSection, forMembers: true, afterFirstScan: false },
  // Set by the connect callback when the grant lacks admin permissions (spec §2).
  notice: { flag: 'googleWorkspacePermissionsRequired', Panel: PermissionsRequiredPanel },
  setupOffer: ConnectGoogleCard,
};
