import { Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/** A step's heading; takes the focus when the user moved to its step, so it is read out. */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Title order={2} size="h4" ref={ref} tabIndex={-1} mb="xs" style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
