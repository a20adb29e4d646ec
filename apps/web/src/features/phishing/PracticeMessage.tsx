import type { PracticeResponse } from '@castellan/contract';
import { Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';

/** A warning sign's number as the lesson shows it, read out as "Warning sign 2". */
export function TellNumber({ n }: { n: number }) {
  return (
    <>
      <Badge aria-hidden color="orange" variant="filled" circle size="lg" style={{ flexShrink: 0 }}>
        {n}
      </Badge>
      <VisuallyHidden>Warning sign {n}: </VisuallyHidden>
    </>
  );
}

/** A passage's words; the message's link (a passage too) drawn as the link it was. */
function PassageText({ text, link }: { text: string; link: boolean }) {
  return link ? (
    <Text size="sm" c="blue.9" td="underline" style={{ minWidth: 0 }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" style={{ minWidth: 0 }}>
      {text}
    </Text>
  );
}

/**
 * The practice message as it arrived, each passage that gives it away marked with its number.
 * Its link is one of the passages (`linkText`), in its place.
 */
export function PracticeMessage({ message }: { message: PracticeResponse['message'] }) {
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }} style={{ overflowWrap: 'anywhere' }}>
      <Stack gap={4} mb="sm">
        <Text size="sm">
          <Text span fw={600}>
            From:{' '}
          </Text>
          {message.fromName} &lt;{message.fromAddress}&gt;
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Subject:{' '}
          </Text>
          {message.subject}
        </Text>
      </Stack>
      <Stack gap="xs">
        {message.body.map((passage, i) =>
          passage.tell === null ? (
            // Passages never change order: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of text
            <PassageText key={i} text={passage.text} link={passage.text === message.linkText} />
          ) : (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of text
              key={i}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              p={6}
              bg="var(--mantine-color-orange-light)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <TellNumber n={passage.tell} />
              <PassageText text={passage.text} link={passage.text === message.linkText} />
            </Group>
          ),
        )}
      </Stack>
    </Card>
  );
}
