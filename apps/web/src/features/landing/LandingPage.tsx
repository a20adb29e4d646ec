import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../components/Logo';
import { LOGIN_MESSAGE } from '../../lib/login-prompt';
import { userDataQuery } from '../../lib/user-data';
import { SignInButtons } from '../auth';
import { DomainForm } from '../risk-analysis';
import { Benefits } from './Benefits';
// A file of its own, not inlined into the page's JavaScript as a data address.
import overviewPicture from './overview-picture.svg?no-inline';
import { signInErrorMessage } from './sign-in-errors';

export default function LandingPage() {
  const [params] = useSearchParams();
  // Right after a logout (?logout=true) the session is not checked again: if the server could
  // not end it, asking would bring the user straight back.
  const { data: user } = useQuery({
    ...userDataQuery,
    enabled: params.get('logout') !== 'true',
  });
  const signInError = signInErrorMessage(params.get('signInError'));

  return (
    <Container component="main" size="lg" py="xl">
      <Group justify="space-between" mb="xl">
        <Logo />
        {user && (
          <Button component={Link} to="/dashboard" variant="default">
            Open Castellan
          </Button>
        )}
      </Group>
      {params.get('login') === 'true' && (
        <Alert color="blue" title={LOGIN_MESSAGE} mb="lg" role="alert">
          Sign in to open that page.
        </Alert>
      )}
      {signInError && (
        <Alert color="red" title="You are not signed in" mb="lg" role="alert">
          {signInError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl">
        <Stack gap="lg">
          <Title order={1}>Security that a small team can actually keep up with</Title>
          <Text size="lg">
            Castellan gives your organisation a cyber score, a short personal list of security tasks
            for everyone, and a clear view of what attackers can see of your company, so the person
            who "does IT" can bring the whole team along.
          </Text>
          {!user && (
            <section aria-label="Sign in">
              <Text fw={500} mb="xs">
                Sign in with your work account
              </Text>
              <SignInButtons />
            </section>
          )}
          <DomainForm label="Free risk analysis of any domain" />
        </Stack>
        <Stack gap="xl">
          <Box
            component="img"
            src={overviewPicture}
            alt="The Castellan Overview: the company's cyber score, its score by category and this week's tasks"
            w="100%"
            h="auto"
            style={{ aspectRatio: '560 / 400' }}
          />
          <Benefits />
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
