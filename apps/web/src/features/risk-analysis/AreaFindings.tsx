import { Accordion, Group, Stack, Text, Title } from '@mantine/core';
import { FindingItem } from './FindingItem';
import { areaGradeText } from './report-display';
import type { AreaFindings as AreaFindingsData } from './report-findings';
import { SampleMark } from './SampleReport';

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

/** An area's findings and, folded away, its checks that passed or could not run. */
function AreaBody({ group, level }: { group: AreaFindingsData; level: 3 | 4 }) {
  const more = moreLabel(group.passed.length, group.notTested.length);
  return (
    <>
      <SampleMark />
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
    </>
  );
}

const gradeOf = (group: AreaFindingsData) =>
  group.score === null ? 'Not tested' : areaGradeText(group.score);

/** One area's findings: its problems at once, the checks that passed or could not run folded away. */
export function AreaFindings({ group, level }: { group: AreaFindingsData; level: 3 | 4 }) {
  const titleId = `findings-${group.area}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={titleId} data-area={group.area}>
      <Group justify="space-between" gap="xs">
        <Title order={level} size="h5" id={titleId}>
          {group.title}
        </Title>
        <Text size="sm" c="dimmed">
          {gradeOf(group)}
        </Text>
      </Group>
      <AreaBody group={group} level={level} />
    </Stack>
  );
}

const problemCount = (n: number) =>
  n === 0 ? 'no problems' : n === 1 ? '1 problem' : `${n} problems`;

/**
 * The areas folded, one line each (its name, grade and how many problems), for a report inside a
 * page with more on it: opening an area shows what `AreaFindings` shows.
 */
export function FoldedAreaFindings({
  groups,
  level,
}: {
  groups: AreaFindingsData[];
  level: 3 | 4;
}) {
  return (
    <Accordion multiple variant="separated" chevronPosition="left" order={level}>
      {groups.map((group) => (
        <Accordion.Item key={group.area} value={group.area} data-area={group.area}>
          <Accordion.Control>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600}>{group.title}</Text>
              <Text size="sm" c="dimmed" ta="right">
                {gradeOf(group)}, {problemCount(group.problems.length)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <AreaBody group={group} level={level} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
