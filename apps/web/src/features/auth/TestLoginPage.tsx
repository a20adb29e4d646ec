import type { TestUser } from '@castellan/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { testUsersQuery, useTestLogin } from './api';

function groupByCompany(users: TestUser[]): [string, TestUser[]][] {
  const groups = new Map<string, TestUser[]>();
  for (const user of users) {
    groups.set(user.companyDomain, [...(groups.get(user.companyDomain) ?? []), user]);
  }
  return [...groups];
}

/** Sign in as any demo user with one click: for the embedded demo and for tests. */
export default function TestLoginPage() {
  const users = useQuery(testUsersQuery);
  const login = useTestLogin();
  const navigate = useNavigate();

  return (
    <Container component="main" size="sm" py="xl">
      <Title order={1} mb="xs">
        Test login
      </Title>
      <Text c="dimmed" mb="lg">
        Choose a demo user to sign in as. This page exists only while test login is enabled.
      </Text>
      {users.isPending && <Loader role="status" aria-label="Loading users" />}
      {users.isError && (
        <Alert color="red" title="Test login is not available">
          {users.error.message}
        </Alert>
      )}
      {login.isError && (
        <Alert color="red" mb="md" title="Could not sign in">
          {login.error.message}
        </Alert>
      )}
      {users.data === null && <QueryStatus query={users} what="the demo users" />}
      {users.data && users.data.users.length === 0 && <Text>There are no users yet.</Text>}
      <Stack>
        {users.data &&
          groupByCompany(users.data.users).map(([domain, members]) => (
            <Card key={domain} withBorder component="section" aria-label={domain}>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {domain}
                </Title>
                <Badge
                  variant="light"
                  color={members[0]?.organizationStatus === 'PENDING' ? 'yellow' : 'green'}
                >
                  {members[0]?.organizationStatus === 'PENDING' ? 'Registering' : 'Registered'}
                </Badge>
              </Group>
              <Stack gap="xs">
                {members.map((user) => (
                  <Group key={user.email} justify="space-between" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500}>
                        {user.firstName} {user.lastName}{' '}
                        {user.role === 'admin' && <Badge size="xs">admin</Badge>}{' '}
                        {user.staff && (
                          <Badge size="xs" color="grape">
                            staff
                          </Badge>
                        )}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {user.email}
                      </Text>
                    </div>
                    <Button
                      style={{ flexShrink: 0 }}
                      variant="light"
                      loading={login.isPending && login.variables === user.email}
                      disabled={login.isPending}
                      aria-label={`Sign in as ${user.firstName} ${user.lastName}`}
                      onClick={() =>
                        login.mutate(user.email, {
                          onSuccess: (signedIn) => {
                            if (signedIn) void navigate('/dashboard');
                          },
                        })
                      }
                    >
                      Sign in
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Card>
          ))}
      </Stack>
    </Container>
  );
}
