import type { SetupChecklistResponse } from '@castellan/contract';
import { Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ProgressBar } from '../../components/ProgressBar';
import { progressFrom } from '../../lib/progress';
import { minutesText, SETUP_STEP_TEXT } from './setup-steps';

/** The first week's checklist; each step is ticked by what was done, never by hand. */
export function GetSetUpCard({ steps }: { steps: SetupChecklistResponse['steps'] }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Card withBorder component="section" aria-labelledby="getSetUpTitle">
      <Group justify="space-between" align="baseline" mb={6}>
        <Title order={2} size="h4" id="getSetUpTitle">
          Get set up
        </Title>
        <Text size="sm" fw={700}>
          {done} of {steps.length} done
        </Text>
      </Group>
      <ProgressBar progress={progressFrom(done, steps.length)} label="Get set up" size="md" />
      <Text size="sm" c="dimmed" mt="xs">
        Each step ticks itself once Castellan sees it done.
      </Text>
      <Stack component="ul" gap="sm" mt="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step) => {
          const text = SETUP_STEP_TEXT[step.id];
          return (
            <Group
              component="li"
              key={step.id}
              aria-label={text.title}
              wrap="nowrap"
              align="flex-start"
              gap="sm"
            >
              <Text
                aria-hidden
                fw={700}
                c={step.done ? 'green.8' : 'dimmed'}
                w={20}
                ta="center"
                style={{ flexShrink: 0 }}
              >
                {step.done ? '✓' : '○'}
              </Text>
              <div style={{ minWidth: 0 }}>
                <Text
                  fw={500}
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {text.title}
                  <VisuallyHidden>{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
                </Text>
                {!step.done && (
                  <Group gap="sm">
                    <Text size="sm" c="dimmed">
                      {minutesText(text.minutes)}
                    </Text>
                    <Anchor component={Link} to={text.to} size="sm">
                      {text.action}
                    </Anchor>
                  </Group>
                )}
              </div>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
