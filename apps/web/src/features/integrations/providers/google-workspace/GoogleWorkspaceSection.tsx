import { Grid, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { AllowListEditor } from './AllowListEditor';
import { AllowListRequests } from './AllowListRequests';
import { useAllowList } from './allow-list-api';
import { entriesOf, ownRequests, pendingEntriesOf } from './allow-list-draft';
import { ExternalSharesTable } from './ExternalSharesTable';
import { StaleUsersTable } from './StaleUsersTable';
import { SuperAdminCount } from './SuperAdminCount';

type Props = { isAdmin: boolean; email: string };

/** What the connected Google Workspace shows: admin accounts, stale accounts, outside sharing. */
export function GoogleWorkspaceSection({ isAdmin, email }: Props) {
  const allowList = useAllowList();
  const pending = allowList.data ? pendingEntriesOf(allowList.data.pending) : [];
  return (
    <Stack component="section" aria-labelledby="googleWorkspaceTitle" gap="md" mt="xl">
      <div>
        <Title order={2} size="h3" id="googleWorkspaceTitle">
          Google Workspace findings
        </Title>
        <Text size="sm" c="dimmed">
          From the last sync of your Google Workspace.
        </Text>
      </div>
      {/* Who the accounts are and when they last signed in: administrators only. */}
      {isAdmin && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SuperAdminCount />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <StaleUsersTable />
          </Grid.Col>
        </Grid>
      )}
      <ExternalSharesTable isAdmin={isAdmin} />
      <QueryStatus query={allowList} what="the allow-list" />
      {allowList.data && (
        <>
          <AllowListEditor approved={entriesOf(allowList.data.approved)} isAdmin={isAdmin} />
          <AllowListRequests
            requests={isAdmin ? pending : ownRequests(pending, email)}
            isAdmin={isAdmin}
          />
        </>
      )}
    </Stack>
  );
}
