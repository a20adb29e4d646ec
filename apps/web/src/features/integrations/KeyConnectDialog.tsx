import type { Integration } from '@castellan/contract';
import { connectFormOf } from '@castellan/contract/connect-forms';
import type { ConnectField } from '@castellan/contract/providers';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../lib/toast';
import { useConnectWithKey } from './api';

type Props = {
  integration: Integration;
  opened: boolean;
  onClose: () => void;
};

const initialValues = (fields: readonly ConnectField[]) =>
  Object.fromEntries(fields.map((f) => [f.name, f.options?.[0]?.value ?? '']));

/** What is wrong with a field's value, as the form says it; null when it will do. */
export function fieldError(field: ConnectField, value: string): string | null {
  const v = value.trim();
  if (v === '') return field.required ? `Enter the ${field.label.toLowerCase()}.` : null;
  if (field.pattern && !new RegExp(field.pattern.regex).test(v)) return field.pattern.message;
  return null;
}

/**
 * Connects a provider with a key the administrator pastes (Bitwarden, AWS): the server tries it
 * at the provider before keeping it. What the provider refused is shown here and the values stay,
 * so one wrong character does not mean typing everything again.
 */
export function KeyConnectDialog({ integration, opened, onClose }: Props) {
  const fields = connectFormOf(integration.id) ?? [];
  const [values, setValues] = useState(() => initialValues(fields));
  const [tried, setTried] = useState(false);
  const connect = useConnectWithKey();
  const errors = Object.fromEntries(
    fields.map((f) => [f.name, fieldError(f, values[f.name] ?? '')]),
  );
  const close = () => {
    setValues(initialValues(fields));
    setTried(false);
    connect.reset();
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (Object.values(errors).some((e) => e !== null)) return;
    const credentials = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, value.trim()]),
    );
    connect.mutate(
      { id: integration.id, credentials },
      {
        onSuccess: (answer) => {
          if (!answer) return;
          showToast({ severity: 'success', summary: `${integration.name} connected` });
          close();
        },
      },
    );
  };
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <Modal opened={opened} onClose={close} title={`Connect ${integration.name}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Castellan tries the key at {integration.name} before keeping it, encrypted. It only
            reads; you can disconnect at any time.
          </Text>
          {fields.map((field, i) => {
            const common = {
              label: field.label,
              description: field.description,
              error: tried ? (errors[field.name] ?? undefined) : undefined,
              withAsterisk: field.required,
              'aria-required': field.required,
              'data-autofocus': i === 0 ? true : undefined,
            };
            const value = values[field.name] ?? '';
            if (field.options) {
              return (
                <NativeSelect
                  key={field.name}
                  {...common}
                  data={field.options.map((o) => ({ value: o.value, label: o.label }))}
                  value={value}
                  onChange={(e) => set(field.name)(e.currentTarget.value)}
                />
              );
            }
            const Input = field.secret ? PasswordInput : TextInput;
            return (
              <Input
                key={field.name}
                {...common}
                value={value}
                autoComplete="off"
                spellCheck={false}
                maxLength={4096}
                onChange={(e) => set(field.name)(e.currentTarget.value)}
              />
            );
          })}
          {connect.error && (
            <Alert color="red" title={`${integration.name} was not connected`} role="alert">
              {connect.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={connect.isPending}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
