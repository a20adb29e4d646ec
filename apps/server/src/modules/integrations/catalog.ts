import type { IntegrationId, SecurityCheck } from '@castellan/contract';
import { M365_CHECKS } from './microsoft/verdicts';

/** What the integrations page says about each integration, whatever its state. */
export type IntegrationDefinition = {
  id: IntegrationId;
  name: string;
  description: string;
  securityChecks: SecurityCheck[];
  /** Not built yet: shown as coming soon, never connectable. */
  comingSoon: boolean;
};

const comingSoon = (id: IntegrationId, name: string, description: string) => ({
  id,
  name,
  description,
  securityChecks: [],
  comingSoon: true,
});

/** Every integration of the spec (§3), in the order the page shows them. */
export const INTEGRATIONS: readonly IntegrationDefinition[] = [
  {
    id: 'gws',
    name: 'Google Workspace',
    description:
      'Reads your users, admin roles, sign-in reports and security policies (read-only) to check two-step verification, administrators, unused accounts and files shared outside the company.',
    securityChecks: [
      {
        name: 'MFA Status Check',
        description: 'Verifies MFA is enabled for all users.',
        enabled: true,
      },
      {
        name: 'MFA Available and Enforced',
        description:
          'Verifies two-step verification is available and enforced for the whole organisation.',
        enabled: true,
      },
    ],
    comingSoon: false,
  },
  {
    id: 'm365',
    name: 'Microsoft 365',
    description:
      'Reads your users, sign-in activity and security defaults to check multi-factor authentication, administrators and unused accounts.',
    securityChecks: M365_CHECKS.map(({ needs: _needs, ...check }) => ({ ...check, enabled: true })),
    comingSoon: false,
  },
  {
    id: 'meta',
    name: 'Meta',
    description:
      'Checks that everyone in your Facebook and Instagram business accounts signs in with two-factor authentication.',
    securityChecks: [
      {
        name: 'MFA Enforcement',
        description: 'Verify MFA is enforced for all business users.',
        enabled: true,
      },
    ],
    comingSoon: false,
  },
  comingSoon('aws', 'Amazon Web Services', 'Checks your AWS accounts for risky settings.'),
  comingSoon('azure', 'Microsoft Azure', 'Checks your Azure subscriptions for risky settings.'),
  comingSoon('gcp', 'Google Cloud', 'Checks your Google Cloud projects for risky settings.'),
  comingSoon('notion', 'Notion', 'Checks who can see your Notion pages.'),
  comingSoon('1password', '1Password', 'Checks that your team uses its password manager.'),
  comingSoon('bitwarden', 'Bitwarden', 'Checks that your team uses its password manager.'),
  comingSoon('wordpress', 'WordPress', 'Checks your WordPress site for risky settings.'),
  comingSoon('squarespace', 'Squarespace', 'Checks your Squarespace site for risky settings.'),
];

export const integrationLogo = (id: IntegrationId) => `/integrations/${id}.svg`;
