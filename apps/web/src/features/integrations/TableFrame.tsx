import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways in its own box when the screen is narrower than `minWidth`, never
 * the page. The box takes keyboard focus so it can be scrolled without a mouse.
 */
export function TableFrame({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </Table.ScrollContainer>
  );
}
