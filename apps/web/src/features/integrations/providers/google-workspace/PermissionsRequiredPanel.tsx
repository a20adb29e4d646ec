import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { NoticeProps } from '../web-provider';
import { GOOGLE_PERMISSIONS } from './permissions';

/**
 * Shown after the Google connect flow came back without the admin permissions Castellan needs
 * (?googleWorkspacePermissionsRequired=true).
 */
export function PermissionsRequiredPanel({
  isAdmin,
  blockedReason,
  onReconnect,
  onDismiss,
}: NoticeProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="Google Workspace needs admin permissions"
      mb="lg"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <Text size="sm" mb="xs">
        Google Workspace was not connected: the account used did not grant the admin permissions
        Castellan needs to check your organisation. To connect it:
      </Text>
      <List type="ordered" size="sm" mb="sm" spacing={4}>
        <List.Item>Sign in with a super administrator account of your Google Workspace.</List.Item>
        <List.Item>Allow every permission requested: {GOOGLE_PERMISSIONS}.</List.Item>
      </List>
      <Text size="sm" mb="sm">
        The access is read-only: Castellan never changes your Google Workspace.
      </Text>
      {isAdmin ? (
        <Group gap="sm">
          <Button
            size="sm"
            color="orange"
            disabled={blockedReason !== null}
            onClick={onReconnect}
            aria-label="Reconnect Google Workspace"
          >
            Reconnect
          </Button>
          {blockedReason && (
            <Text size="sm" c="dimmed">
              {blockedReason}
            </Text>
          )}
        </Group>
      ) : (
        <Text size="sm">Ask an administrator of Castellan to reconnect it.</Text>
      )}
    </Alert>
  );
}
