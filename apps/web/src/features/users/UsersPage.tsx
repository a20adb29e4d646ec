import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { useMembers } from './api';
import { InviteMemberForm } from './InviteMemberForm';
import { MembersTable } from './MembersTable';

/** User management for administrators: who is in the organisation, with which role. */
export default function UsersPage() {
  const { data: user } = useUserData();
  const members = useMembers();
  const navigate = useNavigate();

  return (
    <>
      {/* The admin tour highlights this heading. */}
      <Title order={1} size="h2" mb="xs" id="usersPageHeader">
        Users
      </Title>
      <Text c="dimmed" mb="lg">
        Invite your colleagues, choose who administers {user?.companyDomain ?? 'the organisation'},
        and remove people who have left.
      </Text>

      {user && <InviteMemberForm domain={user.companyDomain} />}

      <Title order={2} size="h4" mb="sm">
        Members
      </Title>
      {members.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading members...</Text>
        </Group>
      )}
      {members.isError && (
        <Alert color="red" title="Could not load the members">
          <Text size="sm" mb="sm">
            {members.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {members.data === null && <QueryStatus query={members} what="the members" />}
      {members.data?.members.length === 0 && (
        <Text c="dimmed">
          Nobody is in the organisation yet. Invite your first colleague above.
        </Text>
      )}
      {user && members.data && members.data.members.length > 0 && (
        <MembersTable
          members={members.data.members}
          currentEmail={user.email}
          onSteppedDown={() => void navigate('/dashboard')}
        />
      )}
    </>
  );
}
