import type { PracticeResponse } from '@castellan/contract';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PracticeMessage, TellNumber } from './PracticeMessage';
import { useFinishLesson } from './practice-api';

export const LESSON_DONE =
  "Done — thank you. This counts toward your 'Learn to spot phishing' task.";

type Props = {
  token: string;
  page: PracticeResponse;
  /** 1 when the lesson is the page; 2 under a thank-you. */
  headingOrder: 1 | 2;
  /** Moves the focus to the heading: the lesson just took the lure's place. */
  focusHeading?: boolean;
};

/** The two-minute lesson: the message as it arrived, its warning signs, and what to do next time. */
export function PracticeLesson({ token, page, headingOrder, focusHeading = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const sub = headingOrder === 1 ? 2 : 3;
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  return (
    <Stack gap="lg" style={{ overflowWrap: 'anywhere' }}>
      <div>
        <Title
          order={headingOrder}
          size="h2"
          ref={heading}
          tabIndex={-1}
          mb="xs"
          // Focused by the page, not by the person: no ring around a heading they cannot use.
          style={{ outline: 'none' }}
        >
          This was a practice message from {page.organizationName}'s IT — no harm done
        </Title>
        <Text>
          Nothing was sent anywhere, and nothing typed on that page was kept. Messages like this one
          are written to be convincing, so anyone can be taken in. Here is how to tell next time; it
          takes about two minutes.
        </Text>
      </div>

      <section aria-labelledby="lessonMessage">
        <Title order={sub} size="h4" id="lessonMessage" mb="xs">
          The message as it arrived
        </Title>
        <PracticeMessage message={page.message} />
      </section>

      <section aria-labelledby="lessonTells">
        <Title order={sub} size="h4" id="lessonTells" mb="xs">
          The warning signs
        </Title>
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {page.tells.map((tell, i) => (
            <Group component="li" key={tell.title} gap="sm" wrap="nowrap" align="flex-start">
              <TellNumber n={i + 1} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{tell.title}</Text>
                <Text size="sm">{tell.text}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="lessonNextTime">
        <Title order={sub} size="h4" id="lessonNextTime" mb="xs">
          What to do next time
        </Title>
        <List spacing="xs" size="sm">
          {page.nextTime.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </section>

      <section aria-labelledby="lessonReport">
        <Title order={sub} size="h4" id="lessonReport" mb="xs">
          How to report a message like this
        </Title>
        {page.reportAddress ? (
          <Text size="sm">
            Forward it to{' '}
            <Anchor href={`mailto:${page.reportAddress}`} inherit>
              {page.reportAddress}
            </Anchor>
            . Reporting is always welcome, even when you are not sure.
          </Text>
        ) : (
          <Text size="sm">
            Tell whoever looks after your IT before you click anything in it. Reporting is always
            welcome, even when you are not sure.
          </Text>
        )}
      </section>

      <FinishLesson token={token} done={page.state.lessonDone} />
    </Stack>
  );
}

function FinishLesson({ token, done }: { token: string; done: boolean }) {
  const finish = useFinishLesson(token);
  const busy = finish.isSuccess && !finish.data;
  return (
    <Stack gap="xs" align="flex-start">
      {/* Present from the start, so that screen readers announce what appears in it. */}
      <Text role="status" fw={600}>
        {done && LESSON_DONE}
        {busy && 'The server is busy. Please press the button again in a moment.'}
      </Text>
      {!done && (
        <Button onClick={() => finish.mutate()} loading={finish.isPending}>
          I've read this
        </Button>
      )}
      {finish.isError && (
        <Alert color="red" variant="light" title="That did not reach us">
          {finish.error.message} Please try again.
        </Alert>
      )}
    </Stack>
  );
}
