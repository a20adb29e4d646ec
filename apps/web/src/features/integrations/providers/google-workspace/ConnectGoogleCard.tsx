import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SetupOfferProps } from '../web-provider';

/** Offered to an administrator whose office suite is not connected: the step that does most. */
export function ConnectGoogleCard({ checkedTasks, onConnect }: SetupOfferProps) {
  return (
    <Card withBorder component="section" aria-labelledby="connectGoogleTitle">
      <Title order={2} size="h5" id="connectGoogleTitle" mb="xs">
        Connect Google Workspace
      </Title>
      <Text size="sm">
        It takes about two minutes, and Castellan then checks {checkedTasks} of your organisation’s
        tasks at once: two-step verification, shared files, admin accounts and more, read only.
      </Text>
      <Group mt="md" gap="md">
        <Button onClick={onConnect}>Connect Google Workspace</Button>
        <Anchor component={Link} to="/integrations" size="sm">
          Use Microsoft 365 instead
        </Anchor>
      </Group>
    </Card>
  );
}
