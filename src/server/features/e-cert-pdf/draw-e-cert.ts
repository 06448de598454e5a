import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { CertificateView, TrainingRecord } from '#shared/api/certificates.ts';
import { formatDate } from '#shared/format-date.ts';
import { attachCredential } from './attached-credential.ts';
import { documentFonts } from './pdf-fonts.ts';

export interface ECertContent {
  site: { issuerName: string; portalName: string; certificateTitle: string };
  /** The public view: identifiers masked as the page masks them. */
  certificate: Pick<
    CertificateView,
    'name' | 'finNumber' | 'state' | 'courseExpiresOn' | 'revokedAt' | 'revocationReason' | 'courseStatus'
  > & { serial: string };
  records: TrainingRecord[];
  recordUrl: string;
  qrPng: Buffer;
  logoPng: Buffer | null;
  signaturePng: Buffer | null;
  credential: object | null;
  madeAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const DIMMED = rgb(0.36, 0.36, 0.4);
const REVOKED = rgb(0.72, 0.07, 0.07);
const EXPIRED = rgb(0.6, 0.3, 0);

/**
 * Lines of `text` no wider than `width` at `size`, broken between words (or inside a word wider
 * than a line). Each word is measured once: measuring runs the font's whole layout.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = font.widthOfTextAtSize(word, size);
    if (line && lineWidth + space + wordWidth <= width) {
      line = `${line} ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    [line, lineWidth] = [word, wordWidth];
    while (lineWidth > width && line.length > 1) {
      const cut = Math.max(1, Math.floor((line.length * width) / lineWidth));
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
      lineWidth = font.widthOfTextAtSize(line, size);
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** Writes lines top-down from `y` and answers the `y` below them. */
class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly fontFor: ReturnType<typeof documentFonts>,
  ) {}

  async text(
    text: string,
    at: { x: number; y: number; size: number; width: number; bold?: boolean; color?: typeof INK },
  ): Promise<number> {
    const font = await this.fontFor(text, at.bold);
    let y = at.y;
    for (const line of wrap(text, font, at.size, at.width)) {
      y -= at.size * 1.25;
      this.page.drawText(line, { x: at.x, y, size: at.size, font, color: at.color ?? INK });
    }
    return y;
  }
}

const stateSentence = (c: ECertContent['certificate']) =>
  c.state === 'revoked'
    ? `Revoked: this certificate was revoked on ${formatDate(c.revokedAt)} and is no longer valid.`
    : c.state === 'expired'
      ? `Expired: this certificate was valid until ${formatDate(c.courseExpiresOn)}.`
      : `Valid until ${formatDate(c.courseExpiresOn)}.`;

const courseStatusText = (c: ECertContent['certificate']) =>
  c.state === 'revoked' ? 'Revoked' : c.courseStatus === 'available' ? 'Available' : 'Unavailable';

/**
 * One A4 page of an e-Cert: the issuer, the holder, each course, the record's state, and a QR
 * code to its page; the signed credential rides along as an attached file.
 */
export async function drawECert(content: ECertContent): Promise<Uint8Array> {
  const { site, certificate: c } = content;
  const document = await PDFDocument.create();
  document.setTitle(`${site.certificateTitle}: ${c.name}`, { showInWindowTitleBar: true });
  document.setAuthor(site.issuerName);
  document.setCreator(site.portalName);
  document.setProducer(site.portalName);
  document.setCreationDate(content.madeAt);
  document.setModificationDate(content.madeAt);
  const page = document.addPage([A4.width, A4.height]);
  const fontFor = documentFonts(document);
  const write = new Writer(page, fontFor);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  let textX = MARGIN;
  if (content.logoPng) {
    const logo = await document.embedPng(content.logoPng);
    const scaled = logo.scaleToFit(120, 48);
    page.drawImage(logo, { x: MARGIN, y: y - scaled.height, ...scaled });
    textX = MARGIN + scaled.width + 14;
  }
  const headerWidth = A4.width - MARGIN - textX;
  const afterIssuer = await write.text(site.issuerName, {
    x: textX,
    y,
    size: 15,
    width: headerWidth,
    bold: true,
  });
  const afterPortal = await write.text(site.portalName, {
    x: textX,
    y: afterIssuer - 2,
    size: 10,
    width: headerWidth,
    color: DIMMED,
  });
  y = Math.min(afterPortal, y - 48) - 28;

  y = await write.text(site.certificateTitle, { x: MARGIN, y, size: 20, width, bold: true });
  y = await write.text('This e-Cert records that', { x: MARGIN, y: y - 14, size: 11, width, color: DIMMED });
  y = await write.text(c.name, { x: MARGIN, y: y - 2, size: 22, width, bold: true });
  y = await write.text(`FIN Number: ${c.finNumber}`, { x: MARGIN, y: y - 6, size: 11, width });
  y = await write.text(`e-Cert Serial No.: ${c.serial}`, { x: MARGIN, y, size: 11, width });
  y -= 18;

  // The courses, as the record page's table lists them.
  const columns = [
    { label: 'Course', x: MARGIN, width: 200 },
    { label: 'Level', x: MARGIN + 205, width: 110 },
    { label: 'Result', x: MARGIN + 320, width: 80 },
    { label: 'Passed on', x: MARGIN + 405, width: 90 },
  ];
  for (const column of columns)
    await write.text(column.label, {
      x: column.x,
      y,
      size: 10,
      width: column.width,
      bold: true,
      color: DIMMED,
    });
  y -= 16;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: DIMMED });
  for (const record of content.records) {
    const cells = [
      record.courseName,
      record.courseLevel,
      c.state === 'revoked' ? `${record.result} (revoked)` : record.result,
      formatDate(record.passedDate),
    ];
    let lowest = y;
    for (const [index, column] of columns.entries())
      lowest = Math.min(
        lowest,
        await write.text(cells[index] ?? '', { x: column.x, y: y - 4, size: 11, width: column.width }),
      );
    y = lowest - 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.3, color: DIMMED });
  }

  y = await write.text(`Course Status: ${courseStatusText(c)}`, {
    x: MARGIN,
    y: y - 14,
    size: 12,
    width,
    bold: true,
  });
  const stateColor = c.state === 'revoked' ? REVOKED : c.state === 'expired' ? EXPIRED : INK;
  y = await write.text(stateSentence(c), { x: MARGIN, y, size: 11, width, color: stateColor });
  // A line of its own: the reason may be in another script, with a font of its own.
  if (c.state === 'revoked' && c.revocationReason)
    y = await write.text(`Reason: ${c.revocationReason}`, {
      x: MARGIN,
      y,
      size: 11,
      width,
      color: stateColor,
    });

  if (content.signaturePng) {
    const signature = await document.embedPng(content.signaturePng);
    const scaled = signature.scaleToFit(160, 60);
    page.drawImage(signature, { x: MARGIN, y: y - 24 - scaled.height, ...scaled });
    await write.text('Signature', {
      x: MARGIN,
      y: y - 26 - scaled.height,
      size: 9,
      width: 160,
      color: DIMMED,
    });
  }

  // The QR code and the address it opens, at the foot: a reader checks the record as it is now.
  const qrSize = 110;
  const qr = await document.embedPng(content.qrPng);
  const qrY = MARGIN + 70;
  page.drawImage(qr, { x: A4.width - MARGIN - qrSize, y: qrY, width: qrSize, height: qrSize });
  // One line under the code, right-aligned, made smaller rather than broken: it is typed from paper.
  const urlFont = await fontFor(content.recordUrl);
  const urlSize = Math.min(8, (8 * width) / urlFont.widthOfTextAtSize(content.recordUrl, 8));
  page.drawText(content.recordUrl, {
    x: A4.width - MARGIN - urlFont.widthOfTextAtSize(content.recordUrl, urlSize),
    y: qrY - 12,
    size: urlSize,
    font: urlFont,
    color: DIMMED,
  });
  await write.text(
    `Made on ${formatDate(content.madeAt.toISOString())}. Scan the code or open the address to see this record as it is now. The signed credential of this e-Cert is attached to this PDF as credential.json.`,
    { x: MARGIN, y: qrY + qrSize, size: 9, width: width - qrSize - 20, color: DIMMED },
  );

  if (c.state === 'revoked') {
    const font = await fontFor('REVOKED', true);
    page.drawText('REVOKED', {
      x: 120,
      y: 260,
      size: 96,
      font,
      color: REVOKED,
      opacity: 0.22,
      rotate: degrees(35),
    });
  }

  if (content.credential) await attachCredential(document, content.credential, content.madeAt);
  return document.save();
}
