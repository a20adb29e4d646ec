import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { StepHeading } from './StepHeading';

type Props = { title: string; text: string; linkLabel: string; to: string; focus: boolean };

/** A step that invites the admin to another page (integrations, agent) and back. */
export function LinkStep({ title, text, linkLabel, to, focus }: Props) {
  return (
    <Stack gap="md" align="flex-start">
      <div>
        <StepHeading focus={focus}>{title}</StepHeading>
        <Text>{text}</Text>
      </div>
      <Button component={Link} to={to} variant="light">
        {linkLabel}
      </Button>
      <Text size="sm" c="dimmed">
        You can also do this later. Come back to this page to finish the registration.
      </Text>
    </Stack>
  );
}
