import { Alert, Card, Group, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { SUPER_ADMIN_RANGE, superAdminWarning } from '../../integration-display';
import { useSuperAdminCount } from './google-api';

/** How many super administrators the Google Workspace has, against the recommended 2 to 4. */
export function SuperAdminCount() {
  const query = useSuperAdminCount();
  const count = query.data?.count;
  const warning = count === undefined ? null : superAdminWarning(count);
  return (
    <Card withBorder component="section" aria-labelledby="superAdminsTitle">
      <Title order={3} size="h5" id="superAdminsTitle" mb={4}>
        Super administrators
      </Title>
      <QueryStatus query={query} what="the super administrators" />
      {count !== undefined && (
        <>
          <Group gap="xs" align="baseline">
            <Text fz={32} fw={700} lh={1} data-testid="superAdminCount">
              {count}
            </Text>
            <Text size="sm" c="dimmed">
              Recommended: {SUPER_ADMIN_RANGE.min} to {SUPER_ADMIN_RANGE.max}
            </Text>
          </Group>
          {warning && (
            <Alert color="orange" variant="light" mt="sm" title="Outside the recommended range">
              {warning}
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}
