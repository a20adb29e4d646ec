import { Anchor, Button, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

/** The public trust pages: the logo home, a way to sign in, and a readable column. */
export function TrustPageFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Group component="header" justify="space-between" mb="xl" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Castellan home">
          <Logo />
        </Anchor>
        <Button component={Link} to="/" variant="default" size="sm">
          Sign in
        </Button>
      </Group>
      <main>{children}</main>
    </Container>
  );
}
