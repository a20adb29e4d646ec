import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of a panel with a small heading, named by it for screen readers. */
export function LabelledSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      {children}
    </section>
  );
}
