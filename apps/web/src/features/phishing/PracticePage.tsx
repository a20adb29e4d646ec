import type { PracticeResponse } from '@castellan/contract';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { PracticeLesson } from './PracticeLesson';
import { PracticeLure } from './PracticeLure';
import { useOpenPractice, usePractice, useSubmittedPractice } from './practice-api';

/**
 * `/practice/:token` (no sign-in): where a practice message's link leads. First the page the
 * message pretended to lead to, then, at the first thing typed or after a few seconds, the lesson.
 * Someone who reported the message is thanked instead.
 */
export default function PracticePage() {
  const { token = '' } = useParams();
  const query = usePractice(token);
  const page = query.data;
  return (
    <Container size="sm" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <main>
        {page === 'invalid' ? (
          <InvalidLink />
        ) : page ? (
          <Practice token={token} page={page} />
        ) : (
          <QueryStatus query={query} what="the page" />
        )}
      </main>
    </Container>
  );
}

function InvalidLink() {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        This practice link is no longer valid
      </Title>
      <Text>
        It may be from an old practice message, or it was copied only in part. There is nothing you
        need to do, and nothing has gone wrong on your side.
      </Text>
    </Stack>
  );
}

function Practice({ token, page }: { token: string; page: PracticeResponse }) {
  const { mutate: markOpened } = useOpenPractice(token);
  const { mutate: markSubmitted } = useSubmittedPractice(token);
  // The state when the page opened decides what it shows; later answers only update the figures.
  const [reported] = useState(page.state.reported);
  const [lessonShown, setLessonShown] = useState(reported);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    markOpened();
  }, [markOpened]);

  const showLesson = useCallback(() => setLessonShown(true), []);
  const typed = useCallback(() => {
    markSubmitted();
    setLessonShown(true);
  }, [markSubmitted]);

  if (reported) {
    return (
      <Stack gap="xl">
        <div>
          <Title order={1} size="h2" mb="xs">
            Well spotted — you reported it. That is exactly right.
          </Title>
          <Text>
            Thank you. There is nothing else you need to do. If you would like to, read on to see
            the warning signs in this practice message.
          </Text>
        </div>
        <PracticeLesson token={token} page={page} headingOrder={2} />
      </Stack>
    );
  }
  if (!lessonShown) {
    return (
      <PracticeLure
        organizationName={page.organizationName}
        lure={page.lure}
        onTyped={typed}
        onTimeUp={showLesson}
      />
    );
  }
  return <PracticeLesson token={token} page={page} headingOrder={1} focusHeading />;
}
