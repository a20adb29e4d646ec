// The assurance report as a PDF drawn with pdfkit: A4, the built-in Helvetica (no font files),
// pdfkit's own wrapping and page breaks, and "Page n of m" written once every page exists.
import type {
  AssuranceReport,
  ReadinessAnswer,
  ReadinessItem,
  ReadinessResponse,
} from '@castellan/contract';
import PDFDocument from 'pdfkit';
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
import { toWinAnsi } from './win-ansi';

type Doc = PDFKit.PDFDocument;

const MARGIN = 56;
const BULLET_INDENT = 14;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const COLOURS = {
  text: '#1a1b1e',
  muted: '#495057',
  rule: '#dee2e6',
  accent: '#1c7ed6',
  stale: '#c92a2a',
};
const ANSWER_COLOURS: Record<ReadinessAnswer, string> = {
  yes: '#2b8a3e',
  partly: '#c25e00',
  no: '#c92a2a',
  unknown: '#495057',
};

/** The whole report as a PDF file. */
export function renderReportPdf(
  report: AssuranceReport,
  options: RenderReportOptions = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: reportTitle(report),
      Author: 'Castellan',
      Creator: 'Castellan',
      CreationDate: new Date(report.generatedAt),
    },
  });
  const file = collect(doc);
  writeReport(doc, report, options);
  numberPages(doc);
  doc.end();
  return file;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const left = (doc: Doc) => doc.page.margins.left;
const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one (keeps a heading with what follows). */
function keepSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

interface Style {
  font?: string;
  size?: number;
  colour?: string;
}

function style(doc: Doc, { font = REGULAR, size = 10, colour = COLOURS.text }: Style): Doc {
  return doc.font(font).fontSize(size).fillColor(colour);
}

function paragraph(doc: Doc, text: string, look: Style = {}): void {
  style(doc, look).text(toWinAnsi(text), left(doc), undefined, { width: width(doc) });
}

/** A bulleted line with a hanging indent, and an optional mark after it in another colour. */
function bullet(doc: Doc, text: string, mark?: { text: string; colour: string }): void {
  style(doc, {});
  keepSpace(doc, doc.currentLineHeight(true));
  const y = doc.y;
  doc.text('•', left(doc) + 3, y, { lineBreak: false });
  doc.text(toWinAnsi(text), left(doc) + BULLET_INDENT, y, {
    width: width(doc) - BULLET_INDENT,
    continued: mark !== undefined,
  });
  if (mark) {
    style(doc, { font: BOLD, colour: mark.colour }).text(` ${toWinAnsi(mark.text)}`);
    style(doc, {});
  }
}

function sectionHeading(doc: Doc, text: string): void {
  doc.moveDown(1);
  style(doc, { font: BOLD, size: 14 });
  keepSpace(doc, doc.heightOfString(toWinAnsi(text), { width: width(doc) }) + 60);
  paragraph(doc, text, { font: BOLD, size: 14 });
  const y = doc.y + 2;
  doc
    .moveTo(left(doc), y)
    .lineTo(left(doc) + width(doc), y)
    .lineWidth(0.75)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.y = y + 6;
}

function writeReport(doc: Doc, report: AssuranceReport, options: RenderReportOptions): void {
  paragraph(doc, reportTitle(report), { font: BOLD, size: 20 });
  doc.moveDown(0.2);
  paragraph(doc, generatedLine(report), { colour: COLOURS.muted });
  if (options.sharedUntil) {
    doc.moveDown(0.3);
    paragraph(doc, sharedUntilLine(options.sharedUntil), { font: BOLD, colour: COLOURS.accent });
  }

  sectionHeading(doc, 'Score');
  paragraph(doc, scoreLine(report.score), { font: BOLD, size: 16 });
  doc.moveDown(0.3);
  for (const part of report.score.parts) bullet(doc, scorePartLine(part));

  sectionHeading(doc, 'Coverage');
  for (const line of coverageLines(report.coverage)) bullet(doc, line);
  doc.moveDown(0.3);
  paragraph(doc, staleRuleLine(report.staleAfterDays), { colour: COLOURS.muted });

  for (const set of report.readiness) writeReadiness(doc, set, report.staleAfterDays);
}

function writeReadiness(doc: Doc, set: ReadinessResponse, staleAfterDays: number): void {
  sectionHeading(doc, readinessHeading(set));
  paragraph(doc, versionLine(set), { colour: COLOURS.muted });
  paragraph(doc, answerCountsLine(set), { font: BOLD });
  for (const item of set.items) writeItem(doc, item, staleAfterDays);
}

function writeItem(doc: Doc, item: ReadinessItem, staleAfterDays: number): void {
  doc.moveDown(0.8);
  // The question, its answer and the first line of evidence stay on one page.
  style(doc, { font: BOLD, size: 11 });
  keepSpace(doc, doc.heightOfString(toWinAnsi(item.text), { width: width(doc) }) + 42);
  paragraph(doc, item.text, { font: BOLD, size: 11 });
  paragraph(doc, answerLine(item.answer), { font: BOLD, colour: ANSWER_COLOURS[item.answer] });

  subHeading(doc, EVIDENCE_HEADING);
  if (item.evidence.length === 0) paragraph(doc, NO_EVIDENCE_LINE, { colour: COLOURS.muted });
  for (const e of item.evidence) {
    const mark = e.stale ? { text: staleMark(staleAfterDays), colour: COLOURS.stale } : undefined;
    bullet(doc, evidenceLine(e), mark);
  }
  if (item.todo.length > 0) {
    subHeading(doc, TODO_HEADING);
    for (const task of item.todo) bullet(doc, todoLine(task));
  }
  if (item.notApplicable.length > 0) {
    subHeading(doc, NOT_APPLICABLE_HEADING);
    for (const n of item.notApplicable) bullet(doc, notApplicableLine(n));
  }
}

function subHeading(doc: Doc, text: string): void {
  doc.moveDown(0.3);
  style(doc, { font: BOLD, size: 9 });
  keepSpace(doc, doc.currentLineHeight(true) * 2.5);
  paragraph(doc, text, { font: BOLD, size: 9, colour: COLOURS.muted });
}

function numberPages(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Written in the bottom margin: without lifting it, pdfkit would start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    style(doc, { size: 8, colour: COLOURS.muted }).text(
      `Page ${i - start + 1} of ${count}`,
      left(doc),
      doc.page.height - margin / 2 - 4,
      { width: width(doc), align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = margin;
  }
}
