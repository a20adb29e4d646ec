import { Accordion, Group, Stack, Text, Title } from '@mantine/core';
import { FindingItem } from './FindingItem';
import type { AreaFindings as AreaFindingsData } from './report-findings';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function FindingList({
  findings,
  level,
}: {
  findings: AreaFindingsData['problems'];
  level: 4 | 5;
}) {
  return (
    <Stack component="ul" gap="xs" style={listStyle}>
      {findings.map((finding) => (
        <FindingItem key={finding.id} finding={finding} level={level} />
      ))}
    </Stack>
  );
}

function moreLabel(passed: number, notTested: number): string {
  const parts = [];
  if (passed > 0) parts.push(`${passed} passed`);
  if (notTested > 0) parts.push(`${notTested} not tested`);
  return parts.join(', ');
}

/** One area's findings: its problems at once, the checks that passed or could not run folded away. */
export function AreaFindings({ group, level }: { group: AreaFindingsData; level: 3 | 4 }) {
  const titleId = `findings-${group.area}`;
  const more = moreLabel(group.passed.length, group.notTested.length);
  return (
    <Stack component="section" gap="xs" aria-labelledby={titleId} data-area={group.area}>
      <Group justify="space-between" gap="xs">
        <Title order={level} size="h5" id={titleId}>
          {group.title}
        </Title>
        <Text size="sm" c="dimmed">
          {group.score === null ? 'Not tested' : `${group.score}/100`}
        </Text>
      </Group>
      {group.problems.length > 0 ? (
        <FindingList findings={group.problems} level={level === 3 ? 4 : 5} />
      ) : (
        <Text size="sm" c="dimmed">
          No problems found.
        </Text>
      )}
      {more && (
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="more">
            <Accordion.Control>
              <Text size="sm">{more}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <FindingList
                findings={[...group.passed, ...group.notTested]}
                level={level === 3 ? 4 : 5}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}
