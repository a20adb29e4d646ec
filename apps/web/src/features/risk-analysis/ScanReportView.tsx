import type { ScanReport } from '@castellan/contract';
import { Stack, Title } from '@mantine/core';
import { AreaFindings } from './AreaFindings';
import { AreaScores } from './AreaScores';
import { GradeCaps } from './GradeCaps';
import { ReportHeader } from './ReportHeader';
import { groupFindings } from './report-findings';

type Props = {
  report: ScanReport;
  /** The level of the report's section headings: 2 on a page of its own, 3 inside a card. */
  level?: 2 | 3;
};

/** A domain's report, the same on the public page and in the app. */
export function ScanReportView({ report, level = 2 }: Props) {
  return (
    <Stack gap="xl" data-testid="scan-report">
      <ReportHeader report={report} />
      <GradeCaps caps={report.caps} />
      <Stack component="section" gap="sm" aria-labelledby="areaScoresTitle">
        <Title order={level} size="h4" id="areaScoresTitle">
          Scores by area
        </Title>
        <AreaScores areas={report.areas} />
      </Stack>
      <Stack component="section" gap="lg" aria-labelledby="findingsTitle">
        <Title order={level} size="h4" id="findingsTitle">
          Findings
        </Title>
        {groupFindings(report).map((group) => (
          <AreaFindings key={group.area} group={group} level={level === 2 ? 3 : 4} />
        ))}
      </Stack>
    </Stack>
  );
}
