import { Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type Props = { label: string; description?: string; error?: string; children: ReactNode };

/** A fieldset of choices with its legend, a hint and the error that concerns them all. */
export function ChoiceGroup({ label, description, error, children }: Props) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={
        [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
      }
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Text component="legend" size="sm" fw={500} p={0}>
        {label}
      </Text>
      {description && (
        <Text id={`${id}-hint`} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Stack gap="xs" mt="xs">
        {children}
      </Stack>
      {error && (
        <Text id={`${id}-error`} size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
