import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PostureItem, PostureState } from './entry-posture';

const STATE_BADGES: Record<PostureState, { label: string; color: string }> = {
  open: { label: 'Open', color: 'red' },
  unknown: { label: 'Not yet checked', color: 'gray' },
  closed: { label: 'Closed', color: 'green' },
};

function Details({ item }: { item: PostureItem }) {
  switch (item.state) {
    case 'open':
      return (
        <>
          {item.label && <Text size="sm">{item.label}</Text>}
          {item.evidence.length > 0 && (
            <List size="sm" c="dimmed" aria-label={`Evidence: ${item.name}`}>
              {item.evidence.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
          )}
        </>
      );
    case 'unknown':
      // Nothing has looked yet: say how to find out, never that it is fine.
      return item.reveal ? (
        <Anchor component={Link} to={item.reveal.to} size="sm">
          {item.reveal.text}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing has checked this yet.
        </Text>
      );
    case 'closed':
      return (
        <Text size="sm" c="dimmed">
          No open way in was found here.
        </Text>
      );
  }
}

/** One entry point: its state and what backs it. */
export function PostureItemView({ item }: { item: PostureItem }) {
  const badge = STATE_BADGES[item.state];
  return (
    <Stack component="li" gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {item.name}
        </Text>
        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
      </Group>
      <Details item={item} />
    </Stack>
  );
}
