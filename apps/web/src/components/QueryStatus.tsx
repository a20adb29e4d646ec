import { Alert, Button, Group, Loader, Text } from '@mantine/core';

type Query = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/**
 * What a part of a page shows while its data loads or after loading failed (with a retry);
 * nothing once the data is there. `what` names the data: "the tasks", "the score".
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
