import type { ConnectedApp } from '@castellan/contract';
import { Anchor, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../lib/format-date';
import { AppDecisionButton } from './AppDecisionButton';
import { CLASS_WORDS, lastUsedOf, peopleOf, SUITE_NAMES, SUITE_OWNERS } from './app-words';

function Publisher({ app }: { app: ConnectedApp }) {
  const suite = SUITE_NAMES[app.suite];
  if (!app.publisher) {
    return (
      <Text size="xs" c="dimmed">
        {suite} · publisher not reported
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {suite} · {app.publisher.name}{' '}
      {app.publisher.verified ? (
        <Badge size="xs" variant="light" color="green">
          Verified publisher
        </Badge>
      ) : (
        '(not verified)'
      )}
    </Text>
  );
}

function Reach({ app }: { app: ConnectedApp }) {
  return (
    <Stack gap={4}>
      <Group gap={4}>
        {app.reaches.map((c) => (
          <Badge
            key={c}
            size="sm"
            variant="light"
            color={c === 'mail' || c === 'files' ? 'orange' : 'gray'}
          >
            {CLASS_WORDS[c]}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {app.scopes.map((s) => s.words).join('; ')}
      </Text>
    </Stack>
  );
}

function Approval({ app }: { app: ConnectedApp }) {
  if (app.approved) {
    return (
      <Text size="sm">
        Approved{app.approved.by ? ` by ${app.approved.by}` : ''} on {formatDate(app.approved.at)}
        {app.approved.note && (
          <Text span size="xs" c="dimmed" display="block">
            {app.approved.note}
          </Text>
        )}
      </Text>
    );
  }
  return app.holdsMailOrFiles ? (
    <Badge color="red" variant="light">
      Not approved
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      Not approved (no mail or files)
    </Text>
  );
}

/** The apps with access, one row each, with what to do about each. */
export function ConnectedAppsTable({ apps, label }: { apps: ConnectedApp[]; label: string }) {
  return (
    // Scrolls sideways in its own focusable box on a narrow screen, as integrations' TableFrame does.
    <Table.ScrollContainer
      minWidth={820}
      type="native"
      role="region"
      aria-label={`${label}, scrollable`}
      tabIndex={0}
    >
      <Table verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>App</Table.Th>
            <Table.Th>What it can reach</Table.Th>
            <Table.Th>People</Table.Th>
            <Table.Th>Approved</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apps.map((app) => (
            <Table.Tr key={`${app.suite} ${app.clientId}`}>
              <Table.Td style={{ minWidth: 180 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {app.name}
                </Text>
                <Publisher app={app} />
              </Table.Td>
              <Table.Td style={{ minWidth: 220 }}>
                <Reach app={app} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{peopleOf(app)}</Text>
                <Text size="xs" c="dimmed">
                  {lastUsedOf(app)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Approval app={app} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <AppDecisionButton app={app} />
                  <Anchor
                    href={app.removeUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    aria-label={`Remove ${app.name} in ${SUITE_OWNERS[app.suite]} (opens in a new tab)`}
                  >
                    Remove in {SUITE_OWNERS[app.suite]}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
