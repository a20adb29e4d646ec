import {
  type IntegrationAccess,
  type IntegrationId,
  isProviderId,
  PROVIDERS,
} from '@castellan/contract';
import { INTEGRATIONS } from '../integrations/catalog';

type Access = Omit<IntegrationAccess, 'id' | 'name' | 'scopes'>;

/**
 * What each working integration reads and never reads, in plain words that must stay true of
 * the code beside them: the scopes are the provider list's, which the connect flows ask for.
 */
const ACCESS: Partial<Record<IntegrationId, Access>> = {
  gws: {
    reads: [
      'Users of the directory: names, e-mail addresses, administrator roles, two-step verification status and last sign-in.',
      'Organisational units, to tell which policies apply to whom.',
      'Sign-in and Drive sharing events of the audit log: which file was shared outside the company, by whom and with whom (its name, never its content).',
      'Daily usage counts, such as how many spam messages were blocked.',
      'Security policies, such as whether two-step verification is enforced.',
    ],
    cannotRead: [
      'E-mail messages, attachments, calendars and chats.',
      'The content of Drive files and documents.',
      'Passwords, and any way to sign in as your users.',
    ],
    changes: [],
  },
  m365: {
    reads: [
      'Users with their account status and sign-in activity.',
      'Members of the Global Administrator role.',
      'Which users have registered multi-factor authentication methods.',
      'Failed sign-ins from the sign-in logs.',
      'Security defaults and Conditional Access policies.',
      'The tenant’s name and identity.',
    ],
    cannotRead: [
      'Mail, calendars and Teams chats.',
      'OneDrive and SharePoint files.',
      'Passwords, and any way to sign in as your users.',
    ],
    changes: [],
  },
  meta: {
    reads: [
      'The business accounts the person who connected can manage, with each one’s two-factor authentication setting.',
      'The people of those business accounts: name, e-mail address, role and whether they use two-factor authentication.',
    ],
    cannotRead: [
      'Posts, comments and messages of your Pages and Instagram accounts.',
      'Passwords, and any way to sign in as your people.',
    ],
    changes: [
      'Requires two-factor authentication for everyone in a business account, only when an administrator asks for it in Castellan.',
    ],
  },
};

/**
 * The integrations one can connect, in the integrations page's order, with their access (a test
 * fails when one is not described here).
 */
export const INTEGRATION_ACCESS: readonly IntegrationAccess[] = INTEGRATIONS.flatMap(
  ({ id, name, comingSoon }) => {
    const access = ACCESS[id];
    if (comingSoon || !access || !isProviderId(id)) return [];
    return [{ id, name, scopes: [...PROVIDERS[id].scopes], ...access }];
  },
);
