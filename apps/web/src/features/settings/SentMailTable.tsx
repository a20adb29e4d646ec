import { Badge, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { useMailMessages } from './mail-api';
import { KIND_NAMES, STATUS_NAMES } from './mail-words';

const STATUS_COLORS = { queued: 'gray', sent: 'green', retrying: 'yellow', failed: 'red' } as const;

const when = (iso: string) => formatDate(iso, { hour: 'numeric', minute: '2-digit' });

/** The organisation's last 100 messages: kind, recipient, time and result (administrators). */
export function SentMailTable() {
  const query = useMailMessages();
  const messages = query.data?.messages ?? [];
  return (
    <div>
      <Title order={3} size="h5" id="sentMailTitle" mb="xs">
        Messages sent lately
      </Title>
      <QueryStatus query={query} what="the messages sent" />
      {query.isSuccess &&
        (messages.length === 0 ? (
          <Text size="sm">No e-mail has been sent yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table aria-labelledby="sentMailTitle" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{KIND_NAMES[m.kind]}</Table.Td>
                    <Table.Td>{m.recipient}</Table.Td>
                    <Table.Td>{when(m.sentAt ?? m.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[m.status]} variant="light">
                        {STATUS_NAMES[m.status]}
                      </Badge>
                      {m.error && m.status !== 'sent' && (
                        <Text size="xs" c="dimmed">
                          {m.error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </div>
  );
}
