import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The way to phishing practice (administrators): the spec's menus have no place for it. */
export function PhishingPracticeLink() {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm">
        <Anchor component={Link} to="/phishing" fw={600} inherit>
          Phishing practice
        </Anchor>
        : send harmless practice messages and a two-minute lesson
      </Text>
    </Paper>
  );
}
