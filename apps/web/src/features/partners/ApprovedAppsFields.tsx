import type { AppSuite } from '@castellan/contract';
import {
  Button,
  CloseButton,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { AppRow } from './baseline-draft';
import { SUITE_NAMES } from './baseline-words';

const SUITE_OPTIONS = (Object.keys(SUITE_NAMES) as AppSuite[]).map((suite) => ({
  value: suite,
  label: SUITE_NAMES[suite],
}));

type Props = {
  rows: AppRow[];
  onChange: (rows: AppRow[]) => void;
  onAdd: () => void;
  /** Shown once the form was sent: by row key. */
  clientIdErrors: Record<number, string>;
  nameErrors: Record<number, string>;
  error?: string;
  /** The ids of each row's client id input, to move focus to a new row. */
  clientIdInputId: (key: number) => string;
};

/** The apps a baseline approves in each client: rows of suite, client id and name. */
export function ApprovedAppsFields({
  rows,
  onChange,
  onAdd,
  clientIdErrors,
  nameErrors,
  error,
  clientIdInputId,
}: Props) {
  const change = (key: number, patch: Partial<AppRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Fieldset legend="Approved apps">
      <Text size="sm" c="dimmed" mb="xs">
        Added to each client’s approved apps, so they are not flagged as outside apps.
      </Text>
      <Stack gap="xs">
        {rows.map((row, index) => (
          <Fieldset key={row.key} legend={`App ${index + 1}`} p="xs">
            <Group align="flex-start" gap="xs">
              <NativeSelect
                label="Suite"
                data={SUITE_OPTIONS}
                value={row.suite}
                onChange={(event) => {
                  const suite = SUITE_OPTIONS.find((o) => o.value === event.currentTarget.value);
                  if (suite) change(row.key, { suite: suite.value });
                }}
              />
              <TextInput
                id={clientIdInputId(row.key)}
                label="Client id"
                withAsterisk
                autoComplete="off"
                spellCheck={false}
                maxLength={250}
                value={row.clientId}
                error={clientIdErrors[row.key]}
                onChange={(event) => change(row.key, { clientId: event.currentTarget.value })}
                style={{ flex: '1 1 12rem' }}
              />
              <TextInput
                label="Name"
                autoComplete="off"
                maxLength={250}
                value={row.name}
                error={nameErrors[row.key]}
                onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                style={{ flex: '1 1 10rem' }}
              />
              <CloseButton
                mt={28}
                aria-label={`Remove app ${index + 1}`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              />
            </Group>
          </Fieldset>
        ))}
        {error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={onAdd}>
            Add an app
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
