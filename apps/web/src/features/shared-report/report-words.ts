import type { ReportCoverage } from '@castellan/contract';

/** "38 of 40 people" */
const share = (part: number, whole: number, one: string, many: string) =>
  `${part} of ${whole} ${whole === 1 ? one : many}`;

/** The coverage lines of a report, as label and value. */
export function coverageLines(coverage: ReportCoverage): { label: string; value: string }[] {
  return [
    {
      label: 'Two-step sign-in',
      value: share(coverage.peopleWithTwoStep, coverage.people, 'person', 'people'),
    },
    {
      label: 'Devices reporting',
      value: share(coverage.devicesReporting, coverage.devices, 'device', 'devices'),
    },
    {
      label: 'Encrypted devices',
      value: share(coverage.devicesEncrypted, coverage.devices, 'device', 'devices'),
    },
  ];
}
