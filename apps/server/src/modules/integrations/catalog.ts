import { type IntegrationId, PROVIDER_IDS, PROVIDERS } from '@castellan/contract';
import { ADAPTERS } from './providers';

/** What the integrations page says about each integration, whatever its state. */
export type IntegrationDefinition = {
  id: IntegrationId;
  name: string;
  description: string;
  /** Not built yet: shown as coming soon, never connectable. */
  comingSoon: boolean;
};

const comingSoon = (id: IntegrationId, name: string, description: string) => ({
  id,
  name,
  description,
  comingSoon: true,
});

/** Every integration of the spec (§3), in the order the page shows them: the providers first. */
export const INTEGRATIONS: readonly IntegrationDefinition[] = [
  ...PROVIDER_IDS.map((id) => ({
    id,
    name: PROVIDERS[id].name,
    description: ADAPTERS[id].card.description,
    comingSoon: false,
  })),
  comingSoon('azure', 'Microsoft Azure', 'Checks your Azure subscriptions for risky settings.'),
  comingSoon('gcp', 'Google Cloud', 'Checks your Google Cloud projects for risky settings.'),
  comingSoon('notion', 'Notion', 'Checks who can see your Notion pages.'),
  comingSoon('1password', '1Password', 'Checks that your team uses its password manager.'),
  comingSoon('wordpress', 'WordPress', 'Checks your WordPress site for risky settings.'),
  comingSoon('squarespace', 'Squarespace', 'Checks your Squarespace site for risky settings.'),
];

export const integrationLogo = (id: IntegrationId) => `/integrations/${id}.svg`;
