import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { showServerBusy, showToast } from '../../lib/toast';
import { useAddTarget } from './api';
import type { ExtraTargets } from './watch-words';

/**
 * Watches one more domain or subdomain. The server decides what may be watched (a domain the
 * organisation owns, a name under its domain); its refusal shows under what was typed, kept.
 */
export function AddTargetForm({ extra }: { extra: ExtraTargets }) {
  const add = useAddTarget();
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Type the name to watch, such as shop.example.com.');
    add.mutate(name.trim(), {
      onSuccess: (target) => {
        if (!target) return showServerBusy();
        setName('');
        showToast({ severity: 'success', summary: `${target.name} is watched now` });
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Add a domain or subdomain
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {extra.words}
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Domain or subdomain"
          placeholder="shop.example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
          value={name}
          disabled={extra.full}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={add.isPending}
          disabled={extra.full}
        >
          Watch it
        </Button>
      </Group>
    </form>
  );
}
