import type { ImpersonationCandidate } from '@castellan/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { useImpersonationUsers, useStartImpersonation } from './api';

const SEARCH_DELAY_MS = 300;
/** The most users the server answers for one search. */
const SEARCH_LIMIT = 50;

const fullName = (user: ImpersonationCandidate) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

function UserBadges({ user }: { user: ImpersonationCandidate }) {
  return (
    <Group gap={4}>
      <Badge size="sm" variant="light" color={user.role === 'admin' ? 'blue' : 'gray'}>
        {user.role === 'admin' ? 'Admin' : 'Member'}
      </Badge>
      {user.staff && (
        <Badge size="sm" variant="light" color="grape">
          Staff
        </Badge>
      )}
      <Badge
        size="sm"
        variant="outline"
        color={user.organizationStatus === 'PENDING' ? 'yellow' : 'green'}
      >
        {user.organizationStatus === 'PENDING' ? 'Registering' : 'Registered'}
      </Badge>
    </Group>
  );
}

/** Staff only: find a user of any organisation and act as them until logging out. */
export default function ImpersonateUsersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useImpersonationUsers(q);
  const start = useStartImpersonation();
  const rows = users.data?.users ?? [];

  return (
    <>
      <PageHeading title="Impersonate users" />
      <Text c="dimmed" mb="md">
        Act as a user to see the app as they do. Everything you do is done as them and recorded. Log
        out to return to your own account.
      </Text>
      <TextInput
        label="Search users"
        description="Name, e-mail address or organisation domain"
        placeholder="e.g. ben or brightwave.example"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          users.isFetching && users.data ? (
            <Loader size="xs" role="status" aria-label="Searching" />
          ) : null
        }
        maw={480}
        mb="md"
      />
      {start.isError && (
        <Alert color="red" mb="md" title="Could not act as this user">
          {start.error.message}
        </Alert>
      )}
      {users.isError && (
        <Alert color="red" mb="md" title="Could not load users">
          {users.error.message}
        </Alert>
      )}
      {users.isPending && <Loader role="status" aria-label="Loading users" />}
      {users.isSuccess && rows.length === 0 && (
        <Text role="status">{q ? `No users match “${q}”.` : 'There are no users yet.'}</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Users" aria-busy={users.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Role and status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{fullName(user)}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.companyDomain}</Table.Td>
                  <Table.Td>
                    <UserBadges user={user} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {!user.staff && (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Act as ${fullName(user)}`}
                        loading={start.isPending && start.variables === user.id}
                        disabled={start.isPending || start.isSuccess}
                        onClick={() => start.mutate(user.id)}
                      >
                        Act as
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length >= SEARCH_LIMIT && (
        <Text size="sm" c="dimmed" mt="sm">
          Showing the first {SEARCH_LIMIT} users; narrow the search to find others.
        </Text>
      )}
    </>
  );
}
