// The assurance report as one standalone, printable HTML document: inline style, no scripts,
// nothing fetched from elsewhere, every value escaped (names and reasons are user input).
import type { AssuranceReport, ReadinessItem, ReadinessResponse } from '@castellan/contract';
import {
  answerCountsLine,
  answerLine,
  coverageLines,
  EVIDENCE_HEADING,
  evidenceLine,
  generatedLine,
  NO_EVIDENCE_LINE,
  NOT_APPLICABLE_HEADING,
  notApplicableLine,
  type RenderReportOptions,
  readinessHeading,
  reportTitle,
  scoreLine,
  scorePartLine,
  sharedUntilLine,
  staleMark,
  staleRuleLine,
  TODO_HEADING,
  todoLine,
  versionLine,
} from './report-text';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Even if a value slipped through unescaped, the document may load nothing and run nothing.
const CSP = "default-src 'none'; style-src 'unsafe-inline'";

const STYLE = `
@page { size: A4; margin: 18mm 16mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 11pt/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1a1b1e; background: #fff; }
main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.25rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; padding-bottom: .25rem; border-bottom: 1px solid #dee2e6; break-after: avoid; }
h3 { font-size: 1rem; margin: 0 0 .25rem; break-after: avoid; }
h4 { font-size: .85rem; margin: .5rem 0 .15rem; color: #495057; break-after: avoid; }
p { margin: .25rem 0; }
ul { margin: .15rem 0; padding-left: 1.25rem; }
.muted { color: #495057; }
.shared { margin-top: .5rem; padding: .4rem .6rem; border-left: 3px solid #1c7ed6; background: #e7f5ff; }
.score { font-size: 1.4rem; font-weight: 700; margin: .25rem 0 .5rem; }
.items { list-style: none; padding: 0; margin: 0; }
.items ul { list-style: disc; }
.item { padding: .75rem 0; border-bottom: 1px solid #f1f3f5; break-inside: avoid; }
.answer { font-weight: 700; }
.answer-yes { color: #2b8a3e; }
.answer-partly { color: #c25e00; }
.answer-no { color: #c92a2a; }
.answer-unknown { color: #495057; }
.stale { color: #c92a2a; font-weight: 600; }
@media print { main { padding: 0; max-width: none; } a { color: inherit; } }
`;

/** The whole report as an HTML document. */
export function renderReportHtml(
  report: AssuranceReport,
  options: RenderReportOptions = {},
): string {
  const title = escapeHtml(reportTitle(report));
  const shared = options.sharedUntil
    ? `<p class="shared">${escapeHtml(sharedUntilLine(options.sharedUntil))}</p>`
    : '';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${title}</h1>
<p class="muted">${escapeHtml(generatedLine(report))}</p>
${shared}
</header>
${scoreSection(report)}
${coverageSection(report)}
${report.readiness.map((set) => readinessSection(set, report.staleAfterDays)).join('\n')}
</main>
</body>
</html>
`;
}

function list(lines: string[]): string {
  return `<ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`;
}

function scoreSection(report: AssuranceReport): string {
  return `<section aria-labelledby="score">
<h2 id="score">Score</h2>
<p class="score">${escapeHtml(scoreLine(report.score))}</p>
${list(report.score.parts.map((part) => escapeHtml(scorePartLine(part))))}
</section>`;
}

function coverageSection(report: AssuranceReport): string {
  return `<section aria-labelledby="coverage">
<h2 id="coverage">Coverage</h2>
${list(coverageLines(report.coverage).map(escapeHtml))}
<p class="muted">${escapeHtml(staleRuleLine(report.staleAfterDays))}</p>
</section>`;
}

function readinessSection(set: ReadinessResponse, staleAfterDays: number): string {
  const id = `readiness-${escapeHtml(set.set)}`;
  return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(readinessHeading(set))}</h2>
<p class="muted">${escapeHtml(versionLine(set))}</p>
<p><strong>${escapeHtml(answerCountsLine(set))}</strong></p>
<ol class="items">
${set.items.map((item) => itemHtml(item, staleAfterDays)).join('\n')}
</ol>
</section>`;
}

function itemHtml(item: ReadinessItem, staleAfterDays: number): string {
  const evidence =
    item.evidence.length === 0
      ? `<p class="muted">${escapeHtml(NO_EVIDENCE_LINE)}</p>`
      : list(
          item.evidence.map((e) => {
            const line = escapeHtml(evidenceLine(e));
            return e.stale
              ? `${line} <span class="stale">${escapeHtml(staleMark(staleAfterDays))}</span>`
              : line;
          }),
        );
  const todo =
    item.todo.length === 0
      ? ''
      : `<h4>${TODO_HEADING}</h4>${list(item.todo.map((t) => escapeHtml(todoLine(t))))}`;
  const notApplicable =
    item.notApplicable.length === 0
      ? ''
      : `<h4>${NOT_APPLICABLE_HEADING}</h4>${list(item.notApplicable.map((n) => escapeHtml(notApplicableLine(n))))}`;
  return `<li class="item">
<h3>${escapeHtml(item.text)}</h3>
<p class="answer answer-${escapeHtml(item.answer)}">${escapeHtml(answerLine(item.answer))}</p>
<h4>${EVIDENCE_HEADING}</h4>
${evidence}${todo}${notApplicable}
</li>`;
}
