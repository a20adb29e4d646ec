import type { IntegrationsResponse } from '@castellan/contract';
import { SUITE_PROVIDER_IDS } from '@castellan/contract/suites';
import { lazy, Suspense } from 'react';

const ConnectedAppsSection = lazy(async () => ({
  default: (await import('./ConnectedAppsSection')).ConnectedAppsSection,
}));

/**
 * The apps with access, on the Integrations page of an administrator with an office suite
 * connected; nothing otherwise. Its code loads when it is first shown.
 */
export function ConnectedApps({
  integrations,
}: {
  integrations: IntegrationsResponse | null | undefined;
}) {
  const suites = SUITE_PROVIDER_IDS.flatMap((id) => {
    const integration = integrations?.[id];
    return integration?.status === 'connected' ? [`${id}:${integration.lastScan ?? ''}`] : [];
  });
  if (suites.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConnectedAppsSection version={suites.join(' ')} />
    </Suspense>
  );
}
