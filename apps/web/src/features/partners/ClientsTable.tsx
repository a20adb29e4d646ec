import type { PartnerClientSummary } from '@castellan/contract';
import { PARTNER_ROLE_NAMES } from '@castellan/contract/partner-rules';
import { GRADES } from '@castellan/contract/vocabulary';
import { Group, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { GradeTag } from '../../components/GradeBadge';
import { ClientActions } from './ClientActions';
import { devicesWords, trendArrow, trendWords } from './rollup-view';

/** Green for a score going up, red for one going down, grey for none or no change. */
function trendColor(trend: number | null): string {
  const change = Math.round(trend ?? 0);
  if (change > 0) return 'green.8';
  return change < 0 ? 'red.8' : 'dimmed';
}

function Score({ client }: { client: PartnerClientSummary }) {
  const grade = GRADES.find((g) => g === client.grade) ?? null;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {Math.round(client.score)}
        </Text>
        <GradeTag grade={grade}>
          <VisuallyHidden>grade </VisuallyHidden>
          {client.grade}
        </GradeTag>
      </Group>
      <Text size="xs" c={trendColor(client.trend)}>
        {client.trend !== null && <span aria-hidden>{trendArrow(client.trend)} </span>}
        {trendWords(client.trend)}
      </Text>
    </Stack>
  );
}

function Integrations({ client }: { client: PartnerClientSummary }) {
  const troubled = client.integrationsNeedingAttention;
  if (troubled.length === 0) return <Text size="sm">None</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {troubled.map((integration) => (
        <List.Item key={integration.name}>
          <Text span size="sm" fw={600} c="orange.9">
            {integration.name}
          </Text>
          : {integration.problem}
        </List.Item>
      ))}
    </List>
  );
}

/** A count that wants attention when above zero. */
const Count = ({ value, label }: { value: number; label: string }) => (
  <Text size="sm" fw={value > 0 ? 700 : undefined} c={value > 0 ? 'red.8' : undefined}>
    {label}
  </Text>
);

/**
 * The clients looked after now with their figures, each to open (the session moves into it) or
 * to leave. It scrolls sideways in its own focusable box on a narrow screen, as the other tables do.
 */
export function ClientsTable({ clients }: { clients: PartnerClientSummary[] }) {
  return (
    <Table.ScrollContainer
      minWidth={960}
      type="native"
      role="region"
      aria-label="Your clients, scrollable"
      tabIndex={0}
    >
      <Table verticalSpacing="sm" aria-label="Your clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Members</Table.Th>
            <Table.Th>Open critical tasks</Table.Th>
            <Table.Th>Integrations needing attention</Table.Th>
            <Table.Th>Devices not reporting</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.linkId}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {client.domain}
                </Text>
              </Table.Td>
              <Table.Td>{PARTNER_ROLE_NAMES[client.role]}</Table.Td>
              <Table.Td>
                <Score client={client} />
              </Table.Td>
              <Table.Td>{client.members}</Table.Td>
              <Table.Td>
                <Count value={client.openCritical} label={String(client.openCritical)} />
              </Table.Td>
              <Table.Td>
                <Integrations client={client} />
              </Table.Td>
              <Table.Td>
                <Count value={client.devicesNotReporting} label={devicesWords(client)} />
              </Table.Td>
              <Table.Td>
                <ClientActions linkId={client.linkId} domain={client.domain} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
