import type { AreaScore } from '@castellan/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { areaGradeText } from './report-display';

const barColor = (score: number) => (score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red');

function checksText(area: AreaScore): string {
  const tested = `${area.checksTested} ${area.checksTested === 1 ? 'check' : 'checks'} tested`;
  return area.checksNotTested > 0 ? `${tested}, ${area.checksNotTested} not tested` : tested;
}

/** Each area's grade, with a labelled bar of how well it did. */
export function AreaScores({ areas }: { areas: AreaScore[] }) {
  return (
    <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {areas.map((area) => (
        <li key={area.area}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={500}>
              {area.title}
            </Text>
            <Text size="sm" fw={700}>
              {area.score === null ? 'Not tested' : areaGradeText(area.score)}
            </Text>
          </Group>
          <Progress.Root
            size="md"
            role="progressbar"
            aria-label={area.title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={area.score ?? 0}
            aria-valuetext={areaGradeText(area.score)}
          >
            {area.score !== null && (
              <Progress.Section withAria={false} value={area.score} color={barColor(area.score)} />
            )}
          </Progress.Root>
          <Text size="xs" c="dimmed" mt={2}>
            {checksText(area)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
