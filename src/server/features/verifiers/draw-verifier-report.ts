import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { outcomeLabels, type VerifierReportView } from '#shared/api/verifiers.ts';
import { formatDateIn } from '#shared/format-date.ts';
import { Writer } from '../e-cert-pdf/draw-e-cert.ts';
import { documentFonts } from '../e-cert-pdf/pdf-fonts.ts';

export interface VerifierReportContent {
  site: { issuerName: string; portalName: string };
  report: VerifierReportView;
  /** The report's public page, which the QR code opens. */
  reportUrl: string;
  qrPng: Buffer;
}

/** A4 turned sideways: seven columns, the name and course in full. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 40;
const SIZE = 9;
const DIMMED = rgb(0.36, 0.36, 0.4);
const RULE = rgb(0.8, 0.8, 0.82);
const QR_SIZE = 96;

const columns = [
  { label: 'Row', width: 32 },
  { label: 'FIN', width: 72 },
  { label: 'Serial', width: 86 },
  { label: 'Result', width: 120 },
  { label: 'Name', width: 170 },
  { label: 'Course', width: 185 },
  { label: 'Valid until', width: 60 },
] as const;
const GAP = 6;

const cells = (row: VerifierReportView['rows'][number]) => [
  String(row.row),
  row.finNumber,
  row.eCertNumber,
  row.note ? `${outcomeLabels[row.outcome]}: ${row.note}` : outcomeLabels[row.outcome],
  row.name ?? '–',
  row.course ?? '–',
  row.expiresOn ?? '–',
];

/**
 * A verifier's checked list on as many pages as it takes: who checked it and when, each row as the
 * result table shows it, and on the first page a QR code to the report's page on the portal, where
 * anyone holding the paper sees the rows as they were checked.
 */
export async function drawVerifierReport(content: VerifierReportContent): Promise<Uint8Array> {
  const { site, report } = content;
  const checkedAt = new Date(report.checkedAt);
  const document = await PDFDocument.create();
  document.setTitle(`Verification report: ${report.companyName}`, { showInWindowTitleBar: true });
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
  y = await write.text('Verification report', {
    x: MARGIN,
    y: y - 12,
    size: 18,
    width: textWidth,
    bold: true,
  });
  const when = `${formatDateIn('en', report.checkedAt)}, ${checkedAt.toISOString().slice(11, 16)} UTC`;
  y = await write.text(`Checked on ${when} by ${report.companyName} (${report.contactName}).`, {
    x: MARGIN,
    y: y - 6,
    size: 11,
    width: textWidth,
  });
  y = await write.text(
    `${report.rows.length} rows. Scan the code or open the address below to see this report on the portal, as it was checked.`,
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
      const after = await write.text(column.label, { x, y, size: SIZE, width: column.width, bold: true });
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
    for (const [index, text] of cells(row).entries()) {
      const column = columns[index] ?? columns[0];
      const after = await write.text(text, { x, y: y - 2, size: SIZE, width: column.width });
      below = Math.min(below, after);
      x += column.width + GAP;
    }
    y = below - 3;
  }
  return document.save();
}
