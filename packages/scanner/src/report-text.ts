// The report as plain text for people (the command line): grade, score, areas, then what to
// fix (worst first) with the evidence and what to do, then what could not be tested and passed.
import type { ScanFinding, ScanReport } from '@castellan/contract';

const wrap = (text: string, indent: string, width = 96) => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => `${indent}${l}`).join('\n');
};

const block = (f: ScanFinding) => {
  const parts = [`  [${f.severity}] ${f.title}  (${f.id})`, wrap(`Seen: ${f.evidence}`, '      ')];
  if (f.recommendation) parts.push(wrap(`What to do: ${f.recommendation}`, '      '));
  if (f.taskId) parts.push(`      Task: ${f.taskId}`);
  return parts.join('\n');
};

export function formatReport(report: ScanReport): string {
  const out: string[] = [];
  out.push(
    `Castellan domain scan of ${report.domain}${report.webHost && report.webHost !== report.domain ? ` (website: ${report.webHost})` : ''}`,
  );
  out.push(
    report.grade === null
      ? 'No grade: nothing could be tested.'
      : `Grade ${report.grade}, score ${report.score}/100  (scanned in ${(report.durationMs / 1000).toFixed(1)} s)`,
  );
  for (const cap of report.caps) out.push(`  Grade capped at ${cap.grade}: ${cap.reason}`);
  out.push('', 'Areas');
  for (const area of report.areas) {
    const score = area.score === null ? 'not tested' : `${area.score}/100`;
    out.push(`  ${area.title.padEnd(30)} ${score}`);
  }
  const group = (status: ScanFinding['status']) =>
    report.findings.filter((f) => f.status === status);
  const problems = group('fail');
  out.push('', problems.length ? `To fix (${problems.length})` : 'Nothing to fix.');
  for (const f of problems) out.push(block(f));
  const notes = group('info');
  if (notes.length) {
    out.push('', `Worth knowing (${notes.length})`);
    for (const f of notes) out.push(block(f).replace('[Info] ', ''));
  }
  const untested = group('not-tested');
  if (untested.length) {
    out.push('', `Not tested (${untested.length})`);
    for (const f of untested) out.push(`  ${f.title}`, wrap(f.evidence, '      '));
  }
  const passed = group('pass');
  if (passed.length) {
    out.push('', `Passed (${passed.length})`);
    for (const f of passed) out.push(`  ✓ ${f.title}`);
  }
  return `${out.join('\n')}\n`;
}
