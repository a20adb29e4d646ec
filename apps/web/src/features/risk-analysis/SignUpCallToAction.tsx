import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Invites the visitor to sign up, so each problem becomes a task someone can finish. */
export function SignUpCallToAction({ problems }: { problems: number }) {
  return (
    <Card withBorder bg="blue.0" component="section" aria-labelledby="signUpTitle">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="signUpTitle">
          {problems > 0 ? 'Fix these problems with Castellan' : 'Keep it this way with Castellan'}
        </Title>
        <Text>
          Sign up with your work account: Castellan turns each problem into a short task with
          step-by-step instructions, checks your domain again as you fix them, and helps the whole
          team keep up with security.
        </Text>
        <Button component={Link} to="/?login=true">
          {problems > 0 ? 'Sign up to fix them' : 'Sign up'}
        </Button>
      </Stack>
    </Card>
  );
}
