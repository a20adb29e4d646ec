import { Drawer } from '@mantine/core';
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
};

/** The details panel that slides in from the right: focus stays inside and returns on closing. */
export function DetailDrawer({ opened, onClose, title, closeLabel, size, children }: Props) {
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
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
    </Drawer>
  );
}
