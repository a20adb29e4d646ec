// Re-records the demo organisations' sample report (src/demo/sample-report.json) from a real
// scan of the scanner's test zone smallco.test:
//   npm run sample-report:record
import { writeFileSync } from 'node:fs';
import { SAMPLE_REPORT_FILE } from '../src/demo/sample-report';
import { recordSampleFile } from './sample-recording';

const file = await recordSampleFile();
writeFileSync(SAMPLE_REPORT_FILE, `${JSON.stringify(file, null, 2)}\n`);
const { report } = file;
const failed = report.findings.filter((f) => f.status === 'fail').length;
console.log(
  `${file.zone}: score ${report.score}, grade ${report.grade}, ${failed} failed checks → ${SAMPLE_REPORT_FILE}`,
);
