import type { UserData } from '@castellan/contract';
import { isProductDomain } from '@castellan/contract/vocabulary';
import { Avatar, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { showToast } from '../../lib/toast';
import { deleteOrganization } from '../organization/api';
import { startMainTour } from '../tour/api';
import { logout } from './logout';

export const initialsOf = (user: Pick<UserData, 'firstName' | 'lastName'>) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

const failed = (summary: string) => (error: unknown) =>
  showToast({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

export function UserMenu({ user }: { user: UserData }) {
  const navigate = useNavigate();
  const [menuOpened, setMenuOpened] = useState(false);
  const { data: config } = useAppConfig();
  const isAdmin = user.role === 'admin';
  const canDeleteOrganization =
    isAdmin && config !== undefined && isProductDomain(user.companyDomain, config.productDomain);

  const restartTour = () =>
    startMainTour().then(() => navigate('/dashboard'), failed('Could not restart the tour'));

  const confirmDeleteOrganization = () =>
    modals.openConfirmModal({
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
        deleteOrganization().then(logout, failed('Could not delete the organization'));
      },
    });

  return (
    <Menu position="bottom-end" withinPortal opened={menuOpened} onChange={setMenuOpened}>
      <Menu.Target>
        {/* The e-mail tooltip would cover the open menu's items. */}
        <Tooltip label={user.email} disabled={menuOpened}>
          <UnstyledButton aria-label={`Account menu for ${user.email}`}>
            <Avatar
              src={user.profileImageUrl}
              alt={`${user.firstName} ${user.lastName}`}
              color="blue"
              radius="xl"
            >
              {initialsOf(user)}
            </Avatar>
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {isAdmin && <Menu.Item onClick={() => void restartTour()}>Restart Tour</Menu.Item>}
        {canDeleteOrganization && (
          <Menu.Item color="red" onClick={confirmDeleteOrganization}>
            Delete Organization
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void logout()}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
