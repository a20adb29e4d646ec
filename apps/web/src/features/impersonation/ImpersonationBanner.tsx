import type { UserData } from '@castellan/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { logout } from '../../lib/logout';

/** Shown on every app page while a staff member acts as `user`; logging out returns them. */
export function ImpersonationBanner({ user }: { user: UserData }) {
  const [leaving, setLeaving] = useState(false);
  const staff = user.impersonatedBy;
  if (!staff) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    // Dark text on yellow: hard to miss, and well above the contrast minimum (white on orange is not).
    <Alert role="status" color="yellow.3" variant="filled" mb="md" aria-label="Impersonation">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} c="dark.9">
          You are acting as {name} ({user.email}) — signed in as {staff.email}. Log out to return.
        </Text>
        <Button
          size="xs"
          color="dark.9"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          Log out and return
        </Button>
      </Group>
    </Alert>
  );
}
