import { lazy } from 'react';
import { notStartedHere, type WebProvider } from '../web-provider';
import mark from './mark.svg';

const NOT_CONNECTED = 'Microsoft 365 was not connected';

export const microsoft365: WebProvider = {
  mark,
  missingPermissions:
    'Castellan needs read-only permissions it did not get. Reconnect, sign in with a Global Administrator and tick "Consent on behalf of your organization" before accepting.',
  refusals: {
    'm365-tenant': {
      title: NOT_CONNECTED,
      text: 'That Microsoft 365 tenant is not the one your organisation signs in with. Sign in with an administrator of your own tenant and connect again.',
    },
    'm365-domain': {
      title: NOT_CONNECTED,
      text: 'That Microsoft 365 tenant has not verified your organisation’s domain, so Castellan cannot tell it is yours. Verify the domain in the Microsoft 365 admin center (Settings → Domains), or connect with your organisation’s own tenant.',
    },
    'm365-state': notStartedHere('Microsoft 365', 'Microsoft'),
  },
  findings: {
    Section: lazy(async () => ({ default: (await import('./MicrosoftSection')).MicrosoftSection })),
    forMembers: false,
    afterFirstScan: true,
  },
};
