import type { PhishingCampaign } from '@castellan/contract';
import { Badge, Button, Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-relative-time';
import { CampaignDetail } from './CampaignDetail';
import { STATE_NAMES, windowName } from './phishing-words';

const STATE_COLORS: Record<PhishingCampaign['state'], string> = { sending: 'blue', sent: 'green' };

/** Every campaign, newest first, with its figures; one at a time opens to show its people. */
export function CampaignsSection({ campaigns }: { campaigns: PhishingCampaign[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = campaigns.find((c) => c.id === openId);
  return (
    <Card withBorder component="section" aria-labelledby="campaignsTitle">
      <Title order={2} size="h4" id="campaignsTitle" mb="xs">
        Campaigns
      </Title>
      {campaigns.length === 0 ? (
        <Text size="sm">No campaign has been started yet.</Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            Visits by mail scanners, which open links to check them, are recognised and not counted
            as clicks.
          </Text>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table aria-labelledby="campaignsTitle" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Window</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Reported</Table.Th>
                  <Table.Th>Lessons done</Table.Th>
                  <Table.Th>Scanner visits not counted</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>People</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaigns.map((c) => (
                  <CampaignRow
                    key={c.id}
                    campaign={c}
                    open={c.id === openId}
                    onToggle={() => setOpenId(c.id === openId ? null : c.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {open && <CampaignDetail key={open.id} campaign={open} />}
    </Card>
  );
}

function CampaignRow({
  campaign,
  open,
  onToggle,
}: {
  campaign: PhishingCampaign;
  open: boolean;
  onToggle: () => void;
}) {
  const { figures } = campaign;
  return (
    <Table.Tr aria-label={`${campaign.title}, started ${formatDateTime(campaign.createdAt)}`}>
      <Table.Td>{campaign.title}</Table.Td>
      <Table.Td>{formatDateTime(campaign.createdAt)}</Table.Td>
      <Table.Td>{windowName(campaign)}</Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[campaign.state]} variant="light" miw="max-content">
          {STATE_NAMES[campaign.state]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {figures.sent} of {figures.recipients}
      </Table.Td>
      <Table.Td>{figures.clicked}</Table.Td>
      <Table.Td>{figures.submitted}</Table.Td>
      <Table.Td>{figures.reported}</Table.Td>
      <Table.Td>{figures.lessonsDone}</Table.Td>
      <Table.Td>{figures.scannerVisits}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant={open ? 'filled' : 'default'}
          aria-controls={open ? 'campaignDetail' : undefined}
          onClick={onToggle}
        >
          {open ? 'Hide people' : 'Show people'}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
