import type { UserData } from '@castellan/contract';
import { isProductDomain } from '@castellan/contract/vocabulary';
import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Hint } from '../../components/Hint';
import { MenuButton, type MenuItem } from '../../components/MenuButton';
import { useAppConfig } from '../../lib/app-config';
import { openConfirmModal } from '../../lib/confirm';
import { logout } from '../../lib/logout';
import { showServerBusy, showToast } from '../../lib/toast';
import { deleteOrganization } from '../organization';
import { restartTour } from '../tour';

export const initialsOf = (user: Pick<UserData, 'firstName' | 'lastName'>) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

const failed = (summary: string) => (error: unknown) =>
  showToast({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

export function UserMenu({ user }: { user: UserData }) {
  const [menuOpened, setMenuOpened] = useState(false);
  const { data: config } = useAppConfig();
  const isAdmin = user.role === 'admin';
  const initials = initialsOf(user);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const canDeleteOrganization =
    isAdmin && config !== undefined && isProductDomain(user.companyDomain, config.productDomain);

  // The tour takes the user to the page of the step it starts or resumes at.
  const restart = () =>
    restartTour().then((tour) => {
      if (!tour) showServerBusy();
    }, failed('Could not restart the tour'));

  const confirmDeleteOrganization = () =>
    openConfirmModal({
      title: 'Delete organization?',
      children: (
        <Text size="sm">
          This permanently deletes {user.companyDomain} with all its users and data, and logs you
          out. It cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete organization', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteOrganization().then((deleted) => {
          if (deleted) return logout();
          showServerBusy();
        }, failed('Could not delete the organization'));
      },
    });

  const items: MenuItem[] = [
    ...(isAdmin ? [{ label: 'Restart Tour', onSelect: () => void restart() }] : []),
    ...(canDeleteOrganization
      ? [
          {
            label: 'Delete Organization',
            onSelect: confirmDeleteOrganization,
            color: 'var(--mantine-color-red-text)',
          },
        ]
      : []),
    { label: 'Logout', onSelect: () => void logout() },
  ];

  return (
    <MenuButton
      label={`Account of ${fullName || user.email}`}
      onOpenChange={setMenuOpened}
      // Whose menu this is: a heading, not an item.
      heading={
        <div data-account-heading>
          {fullName && (
            <Text size="sm" fw={600}>
              {fullName}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {user.email}
          </Text>
        </div>
      }
      items={items}
      trigger={(props) => (
        // The e-mail tooltip would cover the open menu's items.
        <Hint label={user.email} disabled={menuOpened}>
          {/* The name begins with the initials shown, so that people who steer by voice can
              say what they see (WCAG 2.5.3, Label in Name); the picture, when there is one,
              adds nothing to the name. */}
          <UnstyledButton {...props} aria-label={`${initials}, account menu for ${user.email}`}>
            <Avatar src={user.profileImageUrl} alt="" color="blue" radius="xl">
              {initials}
            </Avatar>
          </UnstyledButton>
        </Hint>
      )}
    />
  );
}
