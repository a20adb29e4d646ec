import { Alert, Button, Group, Loader, Text } from '@mantine/core';

type Query = {
  data?: unknown;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/**
 * What a part of a page shows while its data loads, after loading failed, or when the server had
 * nothing to give (null: rate-limited), each with a retry; nothing once the data is there. `what`
 * names the data: "the tasks", "the score".
 */
export function QueryStatus({ query, what }: { query: Query; what: string }) {
  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${what}`}>
        <Text size="sm" mb="sm">
          {query.error?.message}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.data === null) {
    return (
      <Alert color="gray" title="The server is busy" role="status">
        <Text size="sm" mb="sm">
          It asked to wait a moment before sending {what}.
        </Text>
        <Button size="xs" variant="light" color="gray" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading {what}...</Text>
      </Group>
    );
  }
  return null;
}
