// The office suites among the providers (Google Workspace, Microsoft 365): they share the
// members' sign-in, report on their devices beside the agent and on the apps they let in.
// Apart from the providers' list, for the pages that need only that list.
import { PROVIDER_IDS, PROVIDERS, type ProviderId, type ProviderInfo } from './providers';

/** The office suites among the providers. */
export type SuiteProviderId = {
  [K in ProviderId]: (typeof PROVIDERS)[K] extends { suite: object } ? K : never;
}[ProviderId];

export const SUITE_PROVIDER_IDS = PROVIDER_IDS.filter(
  (id) => (PROVIDERS[id] as ProviderInfo).suite !== undefined,
) as readonly SuiteProviderId[];

/** What an office suite is, as its provider entry says. */
export const suiteInfo = (id: SuiteProviderId) =>
  (PROVIDERS[id] as ProviderInfo).suite as NonNullable<ProviderInfo['suite']>;

/** Who reports on devices: the endpoint agent, and the suites' device management. */
export const DEVICE_SOURCES = ['agent', ...SUITE_PROVIDER_IDS] as readonly [
  'agent',
  ...SuiteProviderId[],
];
export type DeviceSource = (typeof DEVICE_SOURCES)[number];
export const DEVICE_SOURCE_NAMES = Object.fromEntries([
  ['agent', 'Agent'],
  ...SUITE_PROVIDER_IDS.map((id) => [id, suiteInfo(id).devices]),
]) as Record<DeviceSource, string>;
