import { Button, Drawer, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The close button's accessible name, e.g. "Close task details". */
  closeLabel: string;
  /** Its width on larger screens; a phone gets the whole width. */
  size: 'md' | 'lg';
  children: ReactNode;
  /**
   * Actions kept in view at the bottom, however far the content scrolls. With them, the close
   * button moves down beside them, out of the way of the toasts at the top right.
   */
  actions?: ReactNode;
};

/** The details panel that slides in from the right: focus stays inside and returns on closing. */
export function DetailDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  size,
  children,
  actions,
}: Props) {
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={smallScreen ? '100%' : size}
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      withCloseButton={actions === undefined}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
      {actions !== undefined && (
        <Group
          justify="space-between"
          gap="sm"
          py="sm"
          mt="md"
          style={{
            position: 'sticky',
            bottom: 0,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group gap="sm">{actions}</Group>
          <Button variant="default" onClick={onClose} aria-label={closeLabel}>
            Close
          </Button>
        </Group>
      )}
    </Drawer>
  );
}
