import type { AllowListKey, ExternalShare } from '@castellan/contract';
import { Badge, Button, Card, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { RelativeTime } from '../../../../components/RelativeTime';
import { showServerBusy, showToast } from '../../../../lib/toast';
import { TableFrame } from '../../TableFrame';
import { useAddToAllowList, useAllowList, useRequestAllowListEntry } from './allow-list-api';
import { entriesOf, isPending } from './allow-list-draft';
import { useExternalShares } from './google-api';

function sharedWithText(sharedWith: ExternalShare['sharedWith']): string {
  switch (sharedWith.type) {
    case 'anyone':
      return 'Anyone with the link';
    case 'user':
      return sharedWith.email;
    case 'domain':
      return `Everyone at ${sharedWith.domain}`;
  }
}

const failed = (summary: string) => (error: Error) =>
  showToast({ severity: 'error', summary, detail: error.message, life: 8000 });

/**
 * Files the last sync found shared outside the organisation. Administrators allow a file at once;
 * members ask them to.
 */
export function ExternalSharesTable({ isAdmin }: { isAdmin: boolean }) {
  const query = useExternalShares();
  const allowList = useAllowList();
  const add = useAddToAllowList();
  const request = useRequestAllowListEntry();
  const shares = query.data?.shares;
  const pending = allowList.data ? entriesOf(allowList.data.pending) : [];

  const busyWith = (fileId: string) =>
    (add.isPending && add.variables.some((e) => e.value === fileId)) ||
    (request.isPending && request.variables.value === fileId);

  const allow = (share: ExternalShare) =>
    add.mutate([{ type: 'file', value: share.fileId }], {
      onSuccess: (list) =>
        list
          ? showToast({ severity: 'success', summary: `“${share.title}” is allowed` })
          : showServerBusy(),
      onError: failed('Could not allow the file'),
    });

  const askToAllow = (share: ExternalShare) =>
    request.mutate(
      { type: 'file', value: share.fileId },
      {
        onSuccess: (list) =>
          list
            ? showToast({
                severity: 'success',
                summary: 'Request sent',
                detail: `An administrator will decide whether “${share.title}” may stay shared.`,
              })
            : showServerBusy(),
        onError: failed('Could not send the request'),
      },
    );

  const action = (share: ExternalShare) => {
    const key: AllowListKey = { type: 'file', value: share.fileId };
    if (share.allowed) return null;
    if (isAdmin) {
      return (
        <Button
          size="xs"
          variant="light"
          loading={busyWith(share.fileId)}
          onClick={() => allow(share)}
          aria-label={`Allow ${share.title}`}
        >
          Allow
        </Button>
      );
    }
    if (isPending(pending, key)) return null;
    return (
      <Button
        size="xs"
        variant="light"
        loading={busyWith(share.fileId)}
        onClick={() => askToAllow(share)}
        aria-label={`Ask to allow ${share.title}`}
      >
        Ask to allow
      </Button>
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby="externalSharesTitle">
      <Title order={3} size="h5" id="externalSharesTitle" mb={4}>
        Files shared outside the organisation
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {isAdmin
          ? 'Stop sharing what should stay inside, or allow what is shared on purpose.'
          : 'Your files that people outside the organisation can open. Ask an administrator to allow the ones shared on purpose.'}
      </Text>
      <QueryStatus query={query} what="the shared files" />
      {shares?.length === 0 && <Text size="sm">Nothing is shared outside the organisation.</Text>}
      {shares && shares.length > 0 && (
        <TableFrame label="Shared files, scrollable" minWidth={720}>
          <Table aria-labelledby="externalSharesTitle" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Shared with</Table.Th>
                <Table.Th>Shared</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shares.map((share) => (
                <Table.Tr key={`${share.fileId}:${sharedWithText(share.sharedWith)}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{share.title}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{share.owner}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {sharedWithText(share.sharedWith)}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime value={share.sharedAt} />
                  </Table.Td>
                  <Table.Td>
                    {share.allowed ? (
                      <Badge color="green" variant="light">
                        Allowed
                      </Badge>
                    ) : isPending(pending, { type: 'file', value: share.fileId }) ? (
                      <Badge color="yellow" variant="light">
                        Requested
                      </Badge>
                    ) : null}{' '}
                    {action(share)}
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
