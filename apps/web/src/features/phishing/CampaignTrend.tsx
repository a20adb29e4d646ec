import type { PhishingCampaign } from '@castellan/contract';
import { Box, Card, Group, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../lib/format-date';
import { trendOf } from './phishing-words';

/**
 * A rate in figures, with a bar beside it for the eye (the figure says it to screen readers).
 * Drawn with two boxes: Mantine's Progress here would split the file a task's page loads it from.
 */
function RateCell({ value, color }: { value: number; color: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" w="3rem" ta="right">
        {value}%
      </Text>
      <Box
        w="6rem"
        h={8}
        bg="var(--mantine-color-default-border)"
        aria-hidden
        style={{ borderRadius: 4 }}
      >
        <Box w={`${value}%`} h="100%" bg={color} style={{ borderRadius: 4 }} />
      </Box>
    </Group>
  );
}

/**
 * How people do over the campaigns, oldest first: fewer clicks and more reports is the aim. A
 * table rather than a chart: it reads the same to everyone and costs the page nothing.
 */
export function CampaignTrend({ campaigns }: { campaigns: PhishingCampaign[] }) {
  const points = trendOf(campaigns);
  return (
    <Card withBorder component="section" aria-labelledby="trendTitle">
      <Title order={2} size="h4" id="trendTitle" mb="xs">
        Trend
      </Title>
      {points.length === 0 ? (
        <Text size="sm">The trend starts once a campaign has sent its first messages.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Of the messages sent in each campaign, how many were clicked and how many reported,
            oldest campaign first. Fewer clicks and more reports over time is the aim.
          </Text>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table aria-labelledby="trendTitle" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Click rate</Table.Th>
                  <Table.Th>Report rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {points.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {p.title}, {formatDate(p.startedAt)}
                    </Table.Td>
                    <Table.Td>{p.sent}</Table.Td>
                    <Table.Td>
                      <RateCell value={p.clickRate} color="orange" />
                    </Table.Td>
                    <Table.Td>
                      <RateCell value={p.reportRate} color="green" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  );
}
