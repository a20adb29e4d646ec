import { Box, Button, Center, Grid, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import illustration from '../../components/registration-illustration.svg';
import { logout } from '../../lib/logout';

/**
 * Centred logo, an image slot on the left, the step's content on the right, step buttons below.
 * Logout stays within reach (spec §6: every signed-in user may log out).
 */
export function RegistrationLayout() {
  return (
    <Box mih="100vh" p="md" bg="gray.0">
      <Box component="header" pos="relative" py="lg">
        <Center>
          <Logo />
        </Center>
        <Button
          variant="subtle"
          size="sm"
          pos="absolute"
          right={0}
          top="50%"
          style={{ transform: 'translateY(-50%)' }}
          onClick={() => void logout()}
        >
          Logout
        </Button>
      </Box>
      <Paper maw={1040} mx="auto" p="lg" radius="md" withBorder>
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }} data-slot="image" visibleFrom="md">
            <Center h="100%">
              <img src={illustration} alt="" width={280} height={280} />
            </Center>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} data-slot="content">
            <Outlet />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="lg" data-slot="step-buttons" id="registration-step-buttons" />
      </Paper>
    </Box>
  );
}
