import type { I18n } from '@lingui/core';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { ReportRow, VerifierReportView } from '#shared/api/verifiers.ts';
import { formatDateIn } from '#shared/format-date.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { Writer } from '../e-cert-pdf/draw-e-cert.ts';
import { documentFonts } from '../e-cert-pdf/pdf-fonts.ts';
import { noteWords, outcomeWords, reportWords } from './report-words.ts';

export interface VerifierReportContent {
  site: { issuerName: string; portalName: string };
  report: VerifierReportView;
  /** The report's public page, which the QR code opens. */
  reportUrl: string;
  qrPng: Buffer;
  /** The language of the report's own words; the rows' names and courses are as stored. */
  language: Language;
  i18n: I18n;
}

/** A4 turned sideways: seven columns, the name and course in full, each heading whole in Tamil too. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const SIZE = 9;
const DIMMED = rgb(0.36, 0.36, 0.4);
const RULE = rgb(0.8, 0.8, 0.82);
const QR_SIZE = 96;

const columns = [
  { word: reportWords.row, width: 40 },
  { word: reportWords.fin, width: 72 },
  { word: reportWords.serial, width: 86 },
  { word: reportWords.result, width: 120 },
  { word: reportWords.name, width: 170 },
  { word: reportWords.course, width: 177 },
  { word: reportWords.validUntil, width: 60 },
] as const;
const GAP = 6;

const knownNotes = new Set(Object.values(noteWords).map((word) => word.id));

/** A row's note in the report's language: the checks wrote it in English, from `noteWords`. */
function noteIn(i18n: I18n, row: ReportRow): string | null {
  if (!row.note) return null;
  const duplicateOf = row.outcome === 'duplicate' ? /row (\d+)/.exec(row.note)?.[1] : undefined;
  if (duplicateOf) return i18n._(noteWords.duplicateOf.id, { row: duplicateOf });
  return knownNotes.has(row.note) ? i18n._(row.note) : row.note;
}

const cells = (i18n: I18n, row: ReportRow) => {
  const outcome = i18n._(outcomeWords[row.outcome].id);
  const note = noteIn(i18n, row);
  return [
    String(row.row),
    row.finNumber,
    row.eCertNumber,
    note ? `${outcome}: ${note}` : outcome,
    row.name ?? '–',
    row.course ?? '–',
    row.expiresOn ?? '–',
  ];
};

/**
 * A verifier's checked list on as many pages as it takes: who checked it and when, each row as the
 * result table shows it, and on the first page a QR code to the report's page on the portal, where
 * anyone holding the paper sees the rows as they were checked.
 */
export async function drawVerifierReport(content: VerifierReportContent): Promise<Uint8Array> {
  const { site, report, i18n } = content;
  const checkedAt = new Date(report.checkedAt);
  const document = await PDFDocument.create();
  document.setTitle(`${i18n._(reportWords.title.id)}: ${report.companyName}`, { showInWindowTitleBar: true });
  document.setLanguage(content.language);
  document.setAuthor(site.issuerName);
  document.setCreator(site.portalName);
  document.setProducer(site.portalName);
  document.setCreationDate(checkedAt);
  document.setModificationDate(checkedAt);
  const fontFor = documentFonts(document);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = document.addPage([PAGE.width, PAGE.height]);
  let write = new Writer(page, fontFor);
  let y = PAGE.height - MARGIN;
  const textWidth = width - QR_SIZE - 20;
  y = await write.text(site.issuerName, { x: MARGIN, y, size: 14, width: textWidth, bold: true });
  y = await write.text(site.portalName, { x: MARGIN, y: y - 2, size: 9, width: textWidth, color: DIMMED });
  y = await write.text(i18n._(reportWords.title.id), {
    x: MARGIN,
    y: y - 12,
    size: 18,
    width: textWidth,
    bold: true,
  });
  const checkedBy = i18n._(reportWords.checkedBy.id, {
    date: formatDateIn(content.language, report.checkedAt),
    time: checkedAt.toISOString().slice(11, 16),
    company: report.companyName,
    contact: report.contactName,
  });
  y = await write.text(checkedBy, {
    x: MARGIN,
    y: y - 6,
    size: 11,
    width: textWidth,
  });
  y = await write.text(
    i18n._(reportWords.howToCheck.id, { count: report.rows.length.toLocaleString(content.language) }),
    { x: MARGIN, y: y - 4, size: 9, width: textWidth, color: DIMMED },
  );
  y = await write.text(content.reportUrl, { x: MARGIN, y: y - 2, size: 9, width: textWidth });
  const qr = await document.embedPng(content.qrPng);
  const qrY = PAGE.height - MARGIN - QR_SIZE;
  page.drawImage(qr, { x: PAGE.width - MARGIN - QR_SIZE, y: qrY, width: QR_SIZE, height: QR_SIZE });
  y = Math.min(y, qrY) - 16;

  const drawHeadings = async () => {
    let x = MARGIN;
    let below = y;
    for (const column of columns) {
      const after = await write.text(i18n._(column.word.id), {
        x,
        y,
        size: SIZE,
        width: column.width,
        bold: true,
      });
      below = Math.min(below, after);
      x += column.width + GAP;
    }
    y = below - 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
  };
  await drawHeadings();

  for (const row of report.rows) {
    if (y < MARGIN + 3 * SIZE * 1.25) {
      page = document.addPage([PAGE.width, PAGE.height]);
      write = new Writer(page, fontFor);
      y = PAGE.height - MARGIN;
      await drawHeadings();
    }
    let x = MARGIN;
    let below = y;
    for (const [index, text] of cells(i18n, row).entries()) {
      const column = columns[index] ?? columns[0];
      const after = await write.text(text, { x, y: y - 2, size: SIZE, width: column.width });
      below = Math.min(below, after);
      x += column.width + GAP;
    }
    y = below - 3;
  }
  return document.save();
}
