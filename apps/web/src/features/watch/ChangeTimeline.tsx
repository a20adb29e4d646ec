import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { useWatchChanges } from './api';
import { ChangeItem } from './ChangeItem';

/** What each scan found changed since the one before, newest first, older ones on request. */
export function ChangeTimeline() {
  const timeline = useWatchChanges();
  const changes = timeline.data?.pages.flatMap((page) => page.changes) ?? [];
  // A failed "Show older" keeps the pages already shown: it says so below them instead.
  const firstPageFailed = timeline.isError && !timeline.data;
  return (
    <Card withBorder component="section" aria-labelledby="watchTimelineTitle">
      <Title order={2} size="h4" id="watchTimelineTitle" mb="md">
        Timeline of changes
      </Title>
      <QueryStatus
        query={{
          data: timeline.data,
          isPending: timeline.isPending,
          isError: firstPageFailed,
          error: timeline.error,
          refetch: timeline.refetch,
        }}
        what="the timeline of changes"
      />
      {timeline.data &&
        (changes.length === 0 ? (
          <Text c="dimmed">
            No changes yet. Each scan is compared with the one before it; what changed shows here.
          </Text>
        ) : (
          <Stack
            component="ol"
            aria-label="Changes"
            gap="lg"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {changes.map((change) => (
              <ChangeItem key={change.id} change={change} />
            ))}
          </Stack>
        ))}
      {timeline.isFetchNextPageError && (
        <Alert color="red" title="Could not load older changes" mt="md">
          {timeline.error?.message}
        </Alert>
      )}
      {timeline.hasNextPage && (
        <Button
          variant="light"
          mt="md"
          loading={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </Card>
  );
}
