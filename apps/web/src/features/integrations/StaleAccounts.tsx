import type { StaleUser } from '@castellan/contract';
import { Card, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { RelativeTime } from '../../components/RelativeTime';
import { TableFrame } from './TableFrame';

/** Accounts nobody signs in to any more, as a suite's last sync found them. */
export function StaleAccounts({
  users,
  children,
}: {
  users: StaleUser[] | undefined;
  /** Shown under the explanation: the loading state, or why there is no list. */
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb={4}>
        Stale accounts
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Accounts nobody has signed in to for a long time. Suspend or delete the ones no longer
        needed.
      </Text>
      {children}
      {users?.length === 0 && <Text size="sm">No stale accounts. Well done.</Text>}
      {users && users.length > 0 && (
        <TableFrame label="Stale accounts, scrollable" minWidth={480}>
          <Table aria-labelledby={titleId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.email}>
                  <Table.Td>
                    {user.fullName || `${user.firstName} ${user.lastName}`.trim()}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                  <Table.Td>
                    {user.lastLoginTime ? <RelativeTime value={user.lastLoginTime} /> : 'Never'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
    </Card>
  );
}
