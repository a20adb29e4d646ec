import type { AllowListType } from '@castellan/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { RelativeTime } from '../../../../components/RelativeTime';
import { showServerBusy, showToast } from '../../../../lib/toast';
import { type Decision, useDecideAllowListEntry } from './allow-list-api';
import type { PendingEntry } from './allow-list-draft';

const TYPE_LABELS: Record<AllowListType, string> = {
  user: 'User',
  domain: 'Domain',
  file: 'File',
};

const DONE: Record<Decision, string> = { approve: 'approved', deny: 'denied' };

type Props = {
  /** For administrators every pending request; for members their own. */
  requests: PendingEntry[];
  isAdmin: boolean;
};

/** Requests to allow sharing, waiting for an administrator: Approve or Deny each one. */
export function AllowListRequests({ requests, isAdmin }: Props) {
  const decide = useDecideAllowListEntry();

  const act = (entry: PendingEntry, decision: Decision) =>
    decide.mutate(
      { entry: { type: entry.type, value: entry.value }, decision },
      {
        onSuccess: (list) =>
          list
            ? showToast({ severity: 'success', summary: `${entry.value} ${DONE[decision]}` })
            : showServerBusy(),
        onError: (error) =>
          showToast({
            severity: 'error',
            summary: 'Could not decide on the request',
            detail: error.message,
            life: 8000,
          }),
      },
    );

  const deciding = (entry: PendingEntry, decision: Decision) =>
    decide.isPending &&
    decide.variables.decision === decision &&
    decide.variables.entry.type === entry.type &&
    decide.variables.entry.value === entry.value;

  return (
    <Card withBorder component="section" aria-labelledby="allowListRequestsTitle">
      <Title order={3} size="h5" id="allowListRequestsTitle" mb={4}>
        {isAdmin ? 'Requests to allow' : 'Your requests'}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {isAdmin
          ? 'Members ask for these to be allowed. Approve the ones shared on purpose.'
          : 'What you asked an administrator to allow, until they decide.'}
      </Text>
      {requests.length === 0 ? (
        <Text size="sm">No requests waiting.</Text>
      ) : (
        <Stack
          component="ul"
          aria-labelledby="allowListRequestsTitle"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {requests.map((entry) => (
            <Card
              key={`${entry.type}:${entry.value}`}
              component="li"
              withBorder
              padding="xs"
              aria-label={`${TYPE_LABELS[entry.type]} ${entry.value}`}
            >
              <Group justify="space-between" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    <Badge size="xs" variant="outline" mr={6}>
                      {TYPE_LABELS[entry.type]}
                    </Badge>
                    {entry.value}
                  </Text>
                  {(entry.requestedBy || entry.requestedAt) && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Asked{isAdmin && entry.requestedBy ? ` by ${entry.requestedBy}` : ''}
                      {entry.requestedAt && (
                        <>
                          {' '}
                          <RelativeTime value={entry.requestedAt} />
                        </>
                      )}
                    </Text>
                  )}
                </div>
                {isAdmin ? (
                  <Group gap={6}>
                    <Button
                      size="xs"
                      color="green"
                      loading={deciding(entry, 'approve')}
                      onClick={() => act(entry, 'approve')}
                      aria-label={`Approve ${entry.value}`}
                    >
                      Approve
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={deciding(entry, 'deny')}
                      onClick={() => act(entry, 'deny')}
                      aria-label={`Deny ${entry.value}`}
                    >
                      Deny
                    </Button>
                  </Group>
                ) : (
                  <Badge color="yellow" variant="light">
                    Waiting for an administrator
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
