import type { AllowListKey, AllowListType } from '@castellan/contract';
import { parseAllowListValue } from '@castellan/contract/allow-list-value';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

const TYPES: { value: AllowListType; label: string; input: string; placeholder: string }[] = [
  { value: 'user', label: 'User', input: 'E-mail address', placeholder: 'name@partner.com' },
  { value: 'domain', label: 'Domain', input: 'Domain', placeholder: 'partner.com' },
  { value: 'file', label: 'File', input: 'Google Drive file id', placeholder: '1A2b3C4d5E6f…' },
];

const LABEL_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))';

/** Adds an entry to the allow-list being edited, once its value is valid for its type. */
export function AllowListEntryForm({ onAdd }: { onAdd: (entry: AllowListKey) => void }) {
  const [type, setType] = useState<AllowListType>('domain');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = TYPES.find((t) => t.value === type) ?? TYPES[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAllowListValue(type, value);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onAdd({ type, value: parsed.value });
    setValue('');
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add to the allow-list">
      <Group align="flex-start" gap="sm">
        <NativeSelect
          label="Type"
          data={TYPES.map(({ value, label }) => ({ value, label }))}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as AllowListType);
            setError(null);
          }}
          style={{ flex: '0 1 8rem' }}
        />
        <TextInput
          label={kind?.input}
          placeholder={kind?.placeholder}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        {/* Level with the inputs, below their labels. */}
        <Button type="submit" variant="light" style={{ marginTop: LABEL_HEIGHT }}>
          Add
        </Button>
      </Group>
    </form>
  );
}
