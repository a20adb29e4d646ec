import type { WatchSuggestionsResponse } from '@castellan/contract';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { formatDateTime } from '../../lib/format-relative-time';
import { showServerBusy, showToast } from '../../lib/toast';
import { useAddTarget, useSearchSuggestions, useSuggestions, useWatch } from './api';
import { extraTargets } from './watch-words';

function SearchButton({ label, variant }: { label: string; variant: 'filled' | 'light' }) {
  const search = useSearchSuggestions();
  return (
    <Button
      variant={variant}
      size="sm"
      loading={search.isPending}
      onClick={() =>
        search.mutate(undefined, {
          onSuccess: (answer) => {
            if (!answer) showServerBusy();
          },
          onError: (error) =>
            showToast({
              severity: 'error',
              summary: 'Could not search the certificate logs',
              detail: error.message,
              life: 8000,
            }),
        })
      }
    >
      {label}
    </Button>
  );
}

function NameList({ names }: { names: WatchSuggestionsResponse['names'] }) {
  const add = useAddTarget();
  const watch = useWatch();
  const extra = watch.data ? extraTargets(watch.data) : null;
  if (names.length === 0) return <Text size="sm">No other names found.</Text>;
  const watchName = (name: string) =>
    add.mutate(name, {
      onSuccess: (target) => {
        if (!target) return showServerBusy();
        showToast({ severity: 'success', summary: `${target.name} is watched now` });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: `Could not watch ${name}`,
          detail: error.message,
          life: 8000,
        }),
    });
  return (
    <Stack gap="xs">
      {extra?.full && (
        <Text size="sm" c="dimmed">
          {extra.words}
        </Text>
      )}
      <Stack
        component="ul"
        aria-label="Names found in certificate logs"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {names.map(({ name, firstSeen }) => (
          <Group component="li" key={name} justify="space-between" gap="sm" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {firstSeen && (
                <Text size="xs" c="dimmed">
                  First seen <time dateTime={firstSeen}>{formatDate(firstSeen)}</time>
                </Text>
              )}
            </div>
            <Button
              size="compact-sm"
              variant="light"
              aria-label={`Watch it: ${name}`}
              loading={add.isPending && add.variables === name}
              disabled={extra?.full}
              onClick={() => watchName(name)}
              style={{ flexShrink: 0 }}
            >
              Watch it
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function SuggestionsBody({ suggestions }: { suggestions: WatchSuggestionsResponse }) {
  switch (suggestions.state) {
    case 'never':
      return (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Certificate transparency logs list every certificate issued for your domain's names.
            Search them to find subdomains you may have forgotten.
          </Text>
          <SearchButton label="Search certificate logs" variant="filled" />
        </Stack>
      );
    case 'searching':
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Searching certificate logs…</Text>
        </Group>
      );
    case 'failed':
      return (
        <Alert color="red" title="The search failed">
          <Text size="sm" mb="sm">
            {suggestions.error ?? 'The certificate logs did not answer.'}
          </Text>
          <SearchButton label="Try again" variant="light" />
        </Alert>
      );
    case 'done':
      return (
        <Stack gap="sm">
          <NameList names={suggestions.names} />
          <Group gap="sm" justify="space-between">
            {suggestions.searchedAt && (
              <Text size="xs" c="dimmed">
                Searched{' '}
                <time dateTime={suggestions.searchedAt}>
                  {formatDateTime(suggestions.searchedAt)}
                </time>
              </Text>
            )}
            <SearchButton label="Search again" variant="light" />
          </Group>
        </Stack>
      );
  }
}

/** Names under the organisation's domain that certificates were issued for, to watch them too. */
export function CtSuggestions() {
  const suggestions = useSuggestions();
  return (
    <Card withBorder component="section" aria-labelledby="watchSuggestionsTitle">
      <Title order={2} size="h4" id="watchSuggestionsTitle" mb="md">
        Found in certificate logs
      </Title>
      <QueryStatus query={suggestions} what="the names found in certificate logs" />
      {suggestions.data && <SuggestionsBody suggestions={suggestions.data} />}
    </Card>
  );
}
