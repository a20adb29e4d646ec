import type { ScanReport } from '@castellan/contract';
import { Stack, Title } from '@mantine/core';
import { AreaFindings, FoldedAreaFindings } from './AreaFindings';
import { AreaScores } from './AreaScores';
import { GradeCaps } from './GradeCaps';
import { ReportHeader } from './ReportHeader';
import { groupFindings } from './report-findings';
import { SampleMark } from './SampleReport';

type Props = {
  report: ScanReport;
  /** The level of the report's section headings: 2 on a page of its own, 3 inside a card. */
  level?: 2 | 3;
};

/**
 * A domain's report, the same on the public page and in the app. Inside the app's card (level 3)
 * each area is one line with its grade and problems, its findings folded until opened (the
 * grades' bars would only repeat those lines).
 */
export function ScanReportView({ report, level = 2 }: Props) {
  return (
    <Stack gap="xl" data-testid="scan-report">
      <ReportHeader report={report} />
      <GradeCaps caps={report.caps} />
      {level === 2 && (
        <Stack component="section" gap="sm" aria-labelledby="areaScoresTitle">
          <Title order={level} size="h4" id="areaScoresTitle">
            Grades by area
          </Title>
          <SampleMark />
          <AreaScores areas={report.areas} />
        </Stack>
      )}
      <Stack component="section" gap="lg" aria-labelledby="findingsTitle">
        <Title order={level} size="h4" id="findingsTitle">
          Findings
        </Title>
        {level === 3 ? (
          <FoldedAreaFindings groups={groupFindings(report)} level={4} />
        ) : (
          groupFindings(report).map((group) => (
            <AreaFindings key={group.area} group={group} level={3} />
          ))
        )}
      </Stack>
    </Stack>
  );
}
