import type { PhishingCampaign, PhishingRecipient } from '@castellan/contract';
import { Box, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { usePhishingCampaign } from './api';
import { momentOrDash } from './phishing-words';

/** One campaign's people: when each step of their practice happened, and why a message failed. */
export function CampaignDetail({ campaign }: { campaign: PhishingCampaign }) {
  const query = usePhishingCampaign(campaign.id);
  const recipients = query.data?.recipients;
  return (
    <Box component="section" id="campaignDetail" aria-labelledby="campaignDetailTitle" mt="lg">
      <Title order={3} size="h5" id="campaignDetailTitle" mb="xs">
        People of “{campaign.title}”
      </Title>
      <QueryStatus query={query} what="the campaign’s people" />
      {recipients &&
        (recipients.length === 0 ? (
          <Text size="sm">This campaign has nobody to send to.</Text>
        ) : (
          <Table.ScrollContainer minWidth={900} type="native">
            <Table aria-labelledby="campaignDetailTitle" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Scheduled</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Reported</Table.Th>
                  <Table.Th>Lesson done</Table.Th>
                  <Table.Th>Scanner visits</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recipients.map((r) => (
                  <RecipientRow key={`${r.userId ?? ''}:${r.email}`} recipient={r} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Box>
  );
}

function RecipientRow({ recipient: r }: { recipient: PhishingRecipient }) {
  return (
    <Table.Tr aria-label={r.name}>
      <Table.Td>
        <Text size="sm">{r.name}</Text>
        <Text size="xs" c="dimmed">
          {r.email}
        </Text>
      </Table.Td>
      <Table.Td>{momentOrDash(r.scheduledAt)}</Table.Td>
      <Table.Td>
        {r.failed ? (
          <Text size="sm" c="red">
            Not sent: {r.failed}
          </Text>
        ) : (
          momentOrDash(r.sentAt)
        )}
      </Table.Td>
      <Table.Td>{momentOrDash(r.clickedAt)}</Table.Td>
      <Table.Td>{momentOrDash(r.submittedAt)}</Table.Td>
      <Table.Td>{momentOrDash(r.reportedAt)}</Table.Td>
      <Table.Td>{momentOrDash(r.lessonDoneAt)}</Table.Td>
      <Table.Td>{r.scannerVisits}</Table.Td>
    </Table.Tr>
  );
}
