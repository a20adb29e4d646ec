import { Anchor, Button, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo';

/**
 * The public pages (the public analysis, the trust center): the logo home, a readable column, no
 * app frame; `signIn` adds a way to sign in at the top.
 */
export function PublicPageFrame({
  children,
  signIn = false,
}: {
  children: ReactNode;
  signIn?: boolean;
}) {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Group component="header" justify="space-between" mb="xl" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Castellan home">
          <Logo />
        </Anchor>
        {signIn && (
          <Button component={Link} to="/" variant="default" size="sm">
            Sign in
          </Button>
        )}
      </Group>
      <main>{children}</main>
    </Container>
  );
}
