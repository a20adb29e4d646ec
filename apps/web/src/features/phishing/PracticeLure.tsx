import type { PracticeResponse } from '@castellan/contract';
import { PHISHING_LURE_SECONDS } from '@castellan/contract/phishing-rules';
import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

type Props = {
  organizationName: string;
  lure: PracticeResponse['lure'];
  /** Something was typed or the button pressed. Called at most once, with nothing of what was typed. */
  onTyped: () => void;
  /** Nothing was typed for PHISHING_LURE_SECONDS: the lesson takes the lure's place anyway. */
  onTimeUp: () => void;
};

const asksForSecret = (label: string) => /password|passcode|\bpin\b/i.test(label);

/**
 * What the practice message's link pretended to lead to: a plain page asking for something. Its
 * fields are in no form and never read: the first input clears them all and only says that
 * something was typed. Spelling checks are off, as some browsers send the text to check it.
 */
export function PracticeLure({ organizationName, lure, onTyped, onTimeUp }: Props) {
  const fields = useRef<HTMLDivElement>(null);
  const typed = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(onTimeUp, PHISHING_LURE_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [onTimeUp]);

  const somethingTyped = () => {
    for (const input of fields.current?.querySelectorAll('input') ?? []) input.value = '';
    if (typed.current) return;
    typed.current = true;
    onTyped();
  };

  const inputProps = {
    autoComplete: 'off',
    autoCorrect: 'off',
    autoCapitalize: 'none',
    spellCheck: false,
    onInput: somethingTyped,
  } as const;

  return (
    <Card withBorder radius="md" p="lg" maw={420} mx="auto" mt="xl">
      <Stack gap="md" ref={fields}>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {organizationName}
        </Text>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {lure.heading}
        </Title>
        {lure.fields.map((label) => (
          <TextInput
            key={label}
            label={label}
            type={asksForSecret(label) ? 'password' : 'text'}
            {...inputProps}
          />
        ))}
        <Button type="button" fullWidth onClick={somethingTyped}>
          {lure.button}
        </Button>
      </Stack>
    </Card>
  );
}
