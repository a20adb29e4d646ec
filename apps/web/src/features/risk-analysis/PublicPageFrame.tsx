import { Anchor, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

/** The public analysis pages: the logo home and a readable column, no app frame. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Group component="header" mb="xl">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Castellan home">
          <Logo />
        </Anchor>
      </Group>
      <main>{children}</main>
    </Container>
  );
}
