import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS } from '@castellan/contract/assurance-rules';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../lib/format-date';
import { showServerBusy } from '../../lib/toast';
import { useCreateShare } from './api';
import { shareDaysError } from './share-words';

/** The address of a link just created: shown this once, as only its hash is kept. */
function CreatedLink({ url, expiresAt }: { url: string; expiresAt: string }) {
  return (
    <Alert color="green" variant="light" title="Link created" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now: it will not be shown again. It works until {formatDate(expiresAt)}.
        </Text>
        <TextInput
          label="Read-only link"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              size="sm"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              onClick={copy}
              aria-label={copied ? 'Copied the link' : 'Copy the link'}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

/** Creates a read-only link to the report as it is now, for a number of days. */
export function ShareForm() {
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const [touched, setTouched] = useState(false);
  const create = useCreateShare();
  const daysError = shareDaysError(days);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (daysError) return;
    create.mutate(Number(days), {
      onSuccess: (answer) => {
        if (!answer) showServerBusy();
      },
    });
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label="Share read-only link">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Days until it expires"
            description={`From 1 to ${SHARE_MAX_DAYS}.`}
            type="number"
            inputMode="numeric"
            min={1}
            max={SHARE_MAX_DAYS}
            value={days}
            onChange={(event) => setDays(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? daysError : null}
            w={{ base: '100%', xs: 200 }}
          />
          <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 46 }}>
            Create link
          </Button>
        </Group>
      </form>
      {create.isError && (
        <Alert color="red" title="Could not create the link">
          {create.error.message}
        </Alert>
      )}
      {create.data && <CreatedLink url={create.data.url} expiresAt={create.data.share.expiresAt} />}
    </Stack>
  );
}
