import { Box, Center, Grid, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import illustration from '../../components/registration-illustration.svg';

/** Centred logo, an image slot on the left, the step's content on the right, step buttons below. */
export function RegistrationLayout() {
  return (
    <Box mih="100vh" p="md" bg="gray.0">
      <Center component="header" py="lg">
        <Logo />
      </Center>
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
