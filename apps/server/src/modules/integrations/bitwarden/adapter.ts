import type { ProviderAdapter } from '../kit/adapter';
import { readBitwarden } from './read-organization';
import { bitwardenRoutes } from './routes';
import { BITWARDEN_FAILURE, judgeBitwarden } from './sync';
import { BITWARDEN_CHECKS } from './verdicts';
import { verifyBitwardenKey } from './verify-key';

export const bitwarden: ProviderAdapter = {
  id: 'bitwarden',
  // Each organisation pastes its own key: there is nothing for the server to set up.
  configured: () => true,
  unavailableReason: 'Bitwarden cannot be connected on this server.',
  card: {
    description:
      'Checks that everyone has joined your Bitwarden organisation and that two-step login is required to open the vault.',
  },
  access: {
    reads: [
      'The members of your Bitwarden organisation: name, e-mail address, role, whether they have joined, and whether they use two-step login.',
      'The organisation’s policies, such as "Require two-step login" and the master password requirements.',
    ],
    cannotRead: [
      'Vault items: passwords, notes, cards and files stay encrypted, and the organisation’s API key cannot open them.',
      'Master passwords, and any way to sign in as your people.',
    ],
    changes: [],
  },
  checks: BITWARDEN_CHECKS,
  failures: BITWARDEN_FAILURE,
  read: readBitwarden,
  judge: (db, row, members) => judgeBitwarden(db, row, members),
  keyConnect: { verify: verifyBitwardenKey },
  routes: bitwardenRoutes,
};
