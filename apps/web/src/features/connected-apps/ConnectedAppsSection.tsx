import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { useConnectedApps, VENDOR_LIST_URL } from './api';
import { SUITE_NAMES } from './app-words';
import { ConnectedAppsTable } from './ConnectedAppsTable';

/**
 * "Apps with access to company data" (administrators): the outside apps the connected office
 * suites' people let in, to approve or to remove in the suite's own admin console. `version` names
 * the suites' last syncs, so a new sync's apps are fetched.
 */
export function ConnectedAppsSection({ version }: { version: string }) {
  const query = useConnectedApps(version);
  const data = query.data;
  const titleId = useId();
  const unknown = data?.suites.filter((s) => s.state === 'unknown') ?? [];
  const anyRead = data?.suites.some((s) => s.state === 'read') ?? false;

  return (
    <Card withBorder component="section" aria-labelledby={titleId} mt="xl" mb="lg">
      <Group justify="space-between" align="flex-start" gap="xs" mb={4}>
        <Title order={2} size="h3" id={titleId}>
          Apps with access to company data
        </Title>
        {data && data.apps.length > 0 && (
          <Anchor href={VENDOR_LIST_URL} download size="sm">
            Download vendor list (CSV)
          </Anchor>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Outside apps people have let into company mail, files and calendars. Approve the ones the
        organisation relies on; remove the others in the admin console. Castellan only reads this
        list and changes nothing.
      </Text>
      <QueryStatus query={query} what="the apps with access" />
      {data && (
        <Stack gap="sm">
          {unknown.map((s) => (
            <Alert
              key={s.suite}
              color="yellow"
              variant="light"
              title={`${SUITE_NAMES[s.suite]}: apps not known`}
            >
              {s.reason}
            </Alert>
          ))}
          {anyRead && data.apps.length === 0 && (
            <Text size="sm">No outside app has access to company data.</Text>
          )}
          {data.apps.length > 0 && (
            <ConnectedAppsTable apps={data.apps} label="Apps with access to company data" />
          )}
        </Stack>
      )}
    </Card>
  );
}
