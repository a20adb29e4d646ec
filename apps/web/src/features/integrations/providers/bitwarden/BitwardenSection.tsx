import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { ShowMoreButton } from '../../ShowMoreButton';
import { TableFrame } from '../../TableFrame';
import { attentionOf, membersOf, useBitwardenMembers } from './bitwarden-api';

/** The Bitwarden organisation's two-step rule, and the members who still have something to do. */
export function BitwardenSection() {
  const query = useBitwardenMembers();
  const first = query.data?.pages[0] ?? null;
  const members = membersOf(query.data?.pages);
  return (
    <Stack component="section" aria-labelledby="bitwardenTitle" gap="md" mt="xl">
      <div>
        <Title order={2} size="h3" id="bitwardenTitle">
          Bitwarden organisation
        </Title>
        <Text size="sm" c="dimmed">
          Your company’s password manager, from the last sync.
        </Text>
      </div>
      <QueryStatus query={query} what="the Bitwarden members" />
      {first && (
        <Card withBorder>
          <Group gap="xs">
            <Text size="sm">Two-step login:</Text>
            <Badge color={first.twoStepRequired ? 'green' : 'orange'} variant="light">
              {first.twoStepRequired ? 'Required for everyone' : 'Not required'}
            </Badge>
          </Group>
          <Text size="sm" mt={4}>
            {first.membersWithTwoStep} of {first.members}{' '}
            {first.members === 1 ? 'member has' : 'members have'} it turned on
            {first.invited > 0 &&
              `; ${first.invited} ${first.invited === 1 ? 'invitation is' : 'invitations are'} not accepted yet`}
            .
          </Text>
          {!first.twoStepRequired && (
            <Text size="sm" c="dimmed" mt={4}>
              To require it, open the Bitwarden Admin Console → Policies → Require two-step login.
            </Text>
          )}
        </Card>
      )}
      {query.isSuccess && first && members.length === 0 && (
        <Alert color="green" variant="light" title="Everyone is set up">
          Every member has joined and uses two-step login.
        </Alert>
      )}
      {members.length > 0 && (
        <TableFrame label="Bitwarden members needing attention, scrollable" minWidth={480}>
          <Table aria-label="Bitwarden members needing attention" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>To do</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.email}>
                  <Table.Td>{member.name ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                  <Table.Td>{attentionOf(member)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
      <ShowMoreButton query={query}>Show more members</ShowMoreButton>
    </Stack>
  );
}
