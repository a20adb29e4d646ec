import type { PartnerGap } from '@castellan/contract';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { RelativeTime } from '../../components/RelativeTime';
import { OVERVIEW_CSV_URL, usePartnerOverview } from './api';
import { ClientsTable } from './ClientsTable';
import {
  clientsInView,
  gapSentence,
  SORT_OPTIONS,
  SORT_ORDERS,
  type SortOrder,
} from './rollup-view';

function BiggestGaps({ gaps }: { gaps: PartnerGap[] }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="partnerGapsTitle">
      <Title order={3} size="h5" id="partnerGapsTitle" mb={6}>
        Biggest gaps across your clients
      </Title>
      <List size="sm" spacing={4} listStyleType="none">
        {gaps.map((gap) => (
          <List.Item key={gap.catalogueId}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0 }}>
                {gap.risk}
              </Badge>
              <Text span size="sm">
                {gapSentence(gap)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/**
 * The roll-up of every client looked after: the biggest gaps across them, then each client's
 * score, trend and what needs attention, to sort, filter and download.
 */
export function ClientsRollup() {
  const overview = usePartnerOverview();
  const [sort, setSort] = useState<SortOrder>('name');
  const [search, setSearch] = useState('');
  const [attentionOnly, setAttentionOnly] = useState(false);
  const data = overview.data;
  const shown = data ? clientsInView(data.clients, { sort, search, attentionOnly }) : [];

  return (
    <section aria-labelledby="partnerClientsTitle">
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={2} size="h4" id="partnerClientsTitle">
          Your clients
        </Title>
        {data && data.clients.length > 0 && (
          <Anchor href={OVERVIEW_CSV_URL} download size="sm">
            Export CSV
          </Anchor>
        )}
      </Group>
      <QueryStatus query={overview} what="your clients’ figures" />
      {data && (
        <Stack gap="sm">
          {data.gaps.length > 0 && <BiggestGaps gaps={data.gaps} />}
          {data.clients.length === 0 ? (
            <Text size="sm">Your clients’ figures are not ready yet. Try again in a moment.</Text>
          ) : (
            <>
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="search"
                  label="Search by domain"
                  placeholder="brightwave"
                  autoComplete="off"
                  spellCheck={false}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  style={{ flex: '1 1 12rem' }}
                />
                <NativeSelect
                  label="Sort by"
                  data={SORT_OPTIONS}
                  value={sort}
                  onChange={(event) =>
                    setSort(SORT_ORDERS.find((o) => o === event.currentTarget.value) ?? 'name')
                  }
                />
                <Switch
                  label="Only clients needing attention"
                  checked={attentionOnly}
                  onChange={(event) => setAttentionOnly(event.currentTarget.checked)}
                  mb={8}
                />
              </Group>
              <Text size="xs" c="dimmed" aria-live="polite">
                {shown.length === data.clients.length
                  ? `${data.clients.length} ${data.clients.length === 1 ? 'client' : 'clients'}`
                  : `Showing ${shown.length} of ${data.clients.length} clients`}
                , figures worked out <RelativeTime value={data.computedAt} span inherit />
              </Text>
              {shown.length > 0 ? (
                <ClientsTable clients={shown} />
              ) : (
                <Text size="sm">No client matches. Clear the search or the filter to see all.</Text>
              )}
            </>
          )}
        </Stack>
      )}
    </section>
  );
}
