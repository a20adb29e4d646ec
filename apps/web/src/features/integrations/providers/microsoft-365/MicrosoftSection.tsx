import { Alert, Card, Grid, List, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { SUPER_ADMIN_RANGE, superAdminWarning } from '../../integration-display';
import { StaleAccounts } from '../../StaleAccounts';
import { useMicrosoftSummary } from './microsoft-api';

const NEEDS_P1 =
  'Needs Entra ID P1: your Microsoft 365 plan does not include sign-in activity, so this check does not count either way. Microsoft 365 Business Premium includes it.';

/** What the connected Microsoft 365 shows administrators: MFA enforcement, admins, unused accounts. */
export function MicrosoftSection() {
  const query = useMicrosoftSummary();
  const summary = query.data;
  const admins = summary?.globalAdmins ?? [];
  const warning = summary ? superAdminWarning(admins.length) : null;
  const enforced =
    summary?.securityDefaultsEnabled === true || summary?.conditionalAccessRequiresMfa === true;
  return (
    <Stack component="section" aria-labelledby="microsoftTitle" gap="md" mt="xl">
      <div>
        <Title order={2} size="h3" id="microsoftTitle">
          Microsoft 365 findings
        </Title>
        <Text size="sm" c="dimmed">
          From the last sync of your Microsoft 365 tenant.
        </Text>
      </div>
      <QueryStatus query={query} what="the Microsoft 365 findings" />
      {summary && (
        <>
          <Alert
            color={enforced ? 'green' : 'orange'}
            variant="light"
            title={enforced ? 'MFA is required for everyone' : 'MFA is not required for everyone'}
          >
            {enforced
              ? 'Security defaults or a Conditional Access policy make everyone use a second sign-in step.'
              : 'Turn on security defaults (Entra admin center → Overview → Properties → Manage security defaults), or require MFA for all users with Conditional Access.'}
            {summary.membersWithoutMfa !== null &&
              ` ${summary.membersWithoutMfa} of your Castellan members ${summary.membersWithoutMfa === 1 ? 'has' : 'have'} no second sign-in method registered yet.`}
          </Alert>
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder component="section" aria-labelledby="globalAdminsTitle">
                <Title order={3} size="h5" id="globalAdminsTitle" mb={4}>
                  Global Administrators
                </Title>
                <Text fz={32} fw={700} lh={1} data-testid="globalAdminCount">
                  {admins.length}
                </Text>
                <Text size="sm" c="dimmed" mb="xs">
                  Recommended: {SUPER_ADMIN_RANGE.min} to {SUPER_ADMIN_RANGE.max}
                </Text>
                <List size="sm" aria-label="Global Administrators">
                  {admins.map((admin) => (
                    <List.Item key={admin.email} style={{ overflowWrap: 'anywhere' }}>
                      {admin.displayName} ({admin.email})
                    </List.Item>
                  ))}
                </List>
                {warning && (
                  <Alert
                    color="orange"
                    variant="light"
                    mt="sm"
                    title="Outside the recommended range"
                  >
                    {warning}
                  </Alert>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <StaleAccounts users={summary.staleUsers ?? undefined}>
                {summary.staleUsers === null && (
                  <Alert color="gray" variant="light" title="Needs Entra ID P1">
                    {NEEDS_P1}
                  </Alert>
                )}
              </StaleAccounts>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
