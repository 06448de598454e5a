import type { I18n } from '@lingui/core';
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { CertificateView, TrainingRecord } from '#shared/api/certificates.ts';
import type { ECertDesign } from '#shared/api/content.ts';
import { formatDateIn } from '#shared/format-date.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { attachCredential } from '../../pdf/attached-credential.ts';
import { eCertWords, NAME_SIZE } from '../credentials/printed-e-cert.ts';
import { documentFonts } from './pdf-fonts.ts';

export interface ECertContent {
  site: { issuerName: string; portalName: string; certificateTitle: string };
  /** The issuer's design, in the page's language. */
  design: ECertDesign;
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
  /** The signatory's signature from the design, above their name. */
  signatoryPng: Buffer | null;
  credential: object | null;
  madeAt: Date;
  /** The language of the page's own words; record data is shown as stored. */
  language: Language;
  i18n: I18n;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

/** `#1c4e80` as pdf-lib's colour. */
const colourOf = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );
const INK = rgb(0.1, 0.1, 0.12);
const DIMMED = rgb(0.36, 0.36, 0.4);
const REVOKED = rgb(0.72, 0.07, 0.07);
const EXPIRED = rgb(0.6, 0.3, 0);

const scriptOf = (character: string) =>
  /\p{Script=Han}/u.test(character) ? 'han' : /\p{Script=Tamil}/u.test(character) ? 'tamil' : null;

/**
 * `text` in pieces of one script each, Han or Tamil, that one font draws whole: a Tamil label with
 * a Chinese value, or a name in both. Other characters (Latin, digits, spaces) stay with the piece
 * they follow: every one of our fonts has them.
 */
function scriptRuns(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  let script: string | null = null;
  for (const character of text) {
    const next = scriptOf(character);
    if (next && script && next !== script) {
      runs.push(run);
      run = '';
    }
    script = next ?? script;
    run += character;
  }
  return run ? [...runs, run] : runs;
}

/** A word in the font that draws it; `glued` when no space parts it from the word before. */
interface Word {
  text: string;
  font: PDFFont;
  width: number;
  glued: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** `text`'s letters as a reader sees them: a Tamil consonant keeps its vowel sign when a word breaks. */
const letters = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

/**
 * Lines of words no wider than `width`, broken between words (or inside a word wider than a
 * line). Each word is measured once: measuring runs the font's whole layout.
 */
function wrap(words: Word[], size: number, width: number): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const gap = line.length > 0 && !word.glued ? word.font.widthOfTextAtSize(' ', size) : 0;
    if (line.length > 0 && lineWidth + gap + word.width <= width) {
      line.push({ ...word, glued: gap === 0 });
      lineWidth += gap + word.width;
      continue;
    }
    if (line.length > 0) lines.push(line);
    let rest = { ...word, glued: true };
    for (let parts = letters(rest.text); rest.width > width && parts.length > 1; parts = letters(rest.text)) {
      const cut = Math.max(1, Math.floor((parts.length * width) / rest.width));
      const head = parts.slice(0, cut).join('');
      lines.push([{ ...rest, text: head, width: rest.font.widthOfTextAtSize(head, size) }]);
      const tail = parts.slice(cut).join('');
      rest = { ...rest, text: tail, width: rest.font.widthOfTextAtSize(tail, size) };
    }
    [line, lineWidth] = [[rest], rest.width];
  }
  if (line.length > 0) lines.push(line);
  return lines.length > 0 ? lines : [[]];
}

/** Writes lines top-down from `y` and answers the `y` below them. */
export class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly fontFor: ReturnType<typeof documentFonts>,
  ) {}

  /** `text`'s words in the fonts that draw them, measured at `size`. */
  private async words(text: string, size: number, bold = false): Promise<Word[]> {
    const words: Word[] = [];
    let spaced = true;
    for (const run of scriptRuns(text)) {
      const font = await this.fontFor(run, bold);
      for (const part of run.split(/(\s+)/)) {
        if (/^\s*$/.test(part)) {
          spaced ||= part !== '';
          continue;
        }
        words.push({ text: part, font, width: font.widthOfTextAtSize(part, size), glued: !spaced });
        spaced = false;
      }
    }
    return words;
  }

  /**
   * How wide `text` is on one line, and its widest piece between spaces (words glued to the one
   * before, across a change of script, count as one piece): the least width it wraps into whole.
   */
  async measure(text: string, size: number, bold = false): Promise<{ whole: number; widestWord: number }> {
    let whole = 0;
    let piece = 0;
    let widestWord = 0;
    for (const word of await this.words(text, size, bold)) {
      const gap = whole > 0 && !word.glued ? word.font.widthOfTextAtSize(' ', size) : 0;
      whole += gap + word.width;
      piece = word.glued ? piece + word.width : word.width;
      widestWord = Math.max(widestWord, piece);
    }
    return { whole, widestWord };
  }

  async text(
    text: string,
    at: { x: number; y: number; size: number; width: number; bold?: boolean; color?: typeof INK },
  ): Promise<number> {
    const words = await this.words(text, at.size, at.bold);
    let y = at.y;
    for (const line of wrap(words, at.size, at.width)) {
      y -= at.size * 1.25;
      // Words in one font are drawn as one text, as a line in a single script always is.
      const pieces: { text: string; font: PDFFont }[] = [];
      for (const [index, word] of line.entries()) {
        const last = pieces.at(-1);
        if (last && index > 0 && !word.glued) last.text += ' ';
        if (last?.font === word.font) last.text += word.text;
        else pieces.push({ text: word.text, font: word.font });
      }
      let x = at.x;
      for (const piece of pieces) {
        this.page.drawText(piece.text, { x, y, size: at.size, font: piece.font, color: at.color ?? INK });
        x += piece.font.widthOfTextAtSize(piece.text, at.size);
      }
    }
    return y;
  }
}

const HEADING_SIZE = 10;
const CELL_SIZE = 11;
const COLUMN_GAP = 8;
/** The course column's least width while the other columns can narrow by wrapping instead. */
const COURSE_MIN_WIDTH = 150;

/**
 * The table's columns, measured in the fonts that draw them: level, result and date each as wide
 * as its heading and its longest cell on one line, the course taking the rest; when that leaves
 * the course too little, the three narrow to their widest word, wrapping at spaces. No heading or
 * cell is ever broken inside a word (a word wider than the whole table aside).
 */
async function tableColumns(
  write: Writer,
  labels: string[],
  rows: { bold: boolean; texts: string[] }[],
  width: number,
): Promise<{ label: string; x: number; width: number }[]> {
  const fits = await Promise.all(
    labels.map(async (label, index) => {
      const sizes = [await write.measure(label, HEADING_SIZE, true)];
      for (const row of rows) sizes.push(await write.measure(row.texts[index] ?? '', CELL_SIZE, row.bold));
      return {
        whole: Math.max(...sizes.map((size) => size.whole)),
        widestWord: Math.max(...sizes.map((size) => size.widestWord)),
      };
    }),
  );
  const others = fits.slice(1);
  const gaps = COLUMN_GAP * others.length;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const wholeWidths = others.map((fit) => Math.ceil(fit.whole));
  const widths =
    width - gaps - sum(wholeWidths) >= COURSE_MIN_WIDTH
      ? wholeWidths
      : others.map((fit) => Math.ceil(fit.widestWord));
  const courseWidth = Math.max(width - gaps - sum(widths), Math.ceil(fits[0]?.widestWord ?? 0));
  let x = MARGIN;
  return [courseWidth, ...widths].map((columnWidth, index) => {
    const column = { label: labels[index] ?? '', x, width: columnWidth };
    x += columnWidth + COLUMN_GAP;
    return column;
  });
}

/** One of the page's words in its language, with `values` put in. */
const say = ({ i18n }: ECertContent, word: { id: string }, values?: Record<string, string>) =>
  i18n._(word.id, values);

function stateSentence(content: ECertContent) {
  const { certificate: c, language } = content;
  if (c.state === 'revoked')
    return say(content, eCertWords.revokedOn, { date: formatDateIn(language, c.revokedAt) });
  const date = formatDateIn(language, c.courseExpiresOn);
  return say(content, c.state === 'expired' ? eCertWords.expiredOn : eCertWords.validUntil, { date });
}

/** A row's result, with its own state beside it: no revoked or expired pass reads as a valid one. */
function resultText(content: ECertContent, record: TrainingRecord) {
  if (record.state === 'revoked') return say(content, eCertWords.resultRevoked, { result: record.result });
  if (record.state === 'expired') return say(content, eCertWords.resultExpired, { result: record.result });
  return record.result;
}

const courseStatusText = (content: ECertContent) => {
  const { state, courseStatus } = content.certificate;
  return say(
    content,
    state === 'revoked'
      ? eCertWords.revoked
      : courseStatus === 'available'
        ? eCertWords.available
        : eCertWords.unavailable,
  );
};

/**
 * One A4 page of an e-Cert: the issuer, the holder, each course, the record's state, and a QR
 * code to its page; the signed credential rides along as an attached file.
 */
export async function drawECert(content: ECertContent): Promise<Uint8Array> {
  const { site, certificate: c, language } = content;
  const document = await PDFDocument.create();
  document.setTitle(`${site.certificateTitle}: ${c.name}`, { showInWindowTitleBar: true });
  document.setAuthor(site.issuerName);
  document.setCreator(site.portalName);
  document.setProducer(site.portalName);
  document.setCreationDate(content.madeAt);
  document.setModificationDate(content.madeAt);
  const page = document.addPage([A4.width, A4.height]);
  const accent = colourOf(content.design.accentColour);
  page.drawRectangle({ x: 0, y: A4.height - 14, width: A4.width, height: 14, color: accent });
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

  y = await write.text(site.certificateTitle, { x: MARGIN, y, size: 20, width, bold: true, color: accent });
  y = await write.text(say(content, eCertWords.recordsThat), {
    x: MARGIN,
    y: y - 14,
    size: 11,
    width,
    color: DIMMED,
  });
  y = await write.text(c.name, { x: MARGIN, y: y - 2, size: NAME_SIZE, width, bold: true });
  y = await write.text(say(content, eCertWords.fin, { fin: c.finNumber }), {
    x: MARGIN,
    y: y - 6,
    size: 11,
    width,
  });
  y = await write.text(say(content, eCertWords.serial, { serial: c.serial }), {
    x: MARGIN,
    y,
    size: 11,
    width,
  });
  y -= 18;

  // The courses, as the record page's table lists them.
  const cells = content.records.map((record) => ({
    bold: record.current,
    texts: [
      record.courseName,
      record.courseLevel,
      resultText(content, record),
      formatDateIn(language, record.passedDate),
    ],
  }));
  const columns = await tableColumns(
    write,
    [eCertWords.course, eCertWords.level, eCertWords.result, eCertWords.passedOn].map((word) =>
      say(content, word),
    ),
    cells,
    width,
  );
  // The header row is as tall as its most wrapped heading; the rule goes under it.
  let lowest = y;
  for (const column of columns)
    lowest = Math.min(
      lowest,
      await write.text(column.label, { ...column, y, size: HEADING_SIZE, bold: true, color: DIMMED }),
    );
  y = lowest - 5;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: DIMMED });
  for (const row of cells) {
    let lowest = y;
    // The record this e-Cert is about stands out among the others sharing its FIN.
    for (const [index, column] of columns.entries())
      lowest = Math.min(
        lowest,
        await write.text(row.texts[index] ?? '', { ...column, y: y - 4, size: CELL_SIZE, bold: row.bold }),
      );
    y = lowest - 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.3, color: DIMMED });
  }

  y = await write.text(say(content, eCertWords.courseStatus, { status: courseStatusText(content) }), {
    x: MARGIN,
    y: y - 14,
    size: 12,
    width,
    bold: true,
  });
  const stateColor = c.state === 'revoked' ? REVOKED : c.state === 'expired' ? EXPIRED : INK;
  y = await write.text(stateSentence(content), { x: MARGIN, y, size: 11, width, color: stateColor });
  // A line of its own: the reason may be in another script, with a font of its own.
  if (c.state === 'revoked' && c.revocationReason)
    y = await write.text(say(content, eCertWords.reason, { reason: c.revocationReason }), {
      x: MARGIN,
      y,
      size: 11,
      width,
      color: stateColor,
    });

  y = await write.text(content.design.statement, { x: MARGIN, y: y - 10, size: 10, width, color: DIMMED });

  let signatoryY = y - 24;
  if (content.signaturePng) {
    const signature = await document.embedPng(content.signaturePng);
    const scaled = signature.scaleToFit(160, 60);
    page.drawImage(signature, { x: MARGIN, y: y - 24 - scaled.height, ...scaled });
    signatoryY = await write.text(say(content, eCertWords.signature), {
      x: MARGIN,
      y: y - 26 - scaled.height,
      size: 9,
      width: 160,
      color: DIMMED,
    });
  }
  if (content.signatoryPng) {
    const signature = await document.embedPng(content.signatoryPng);
    const scaled = signature.scaleToFit(160, 48);
    page.drawImage(signature, { x: MARGIN, y: signatoryY - 6 - scaled.height, ...scaled });
    signatoryY -= scaled.height + 6;
  }
  signatoryY = await write.text(content.design.signatoryName, {
    x: MARGIN,
    y: signatoryY - 4,
    size: 10,
    width: 240,
    bold: true,
  });
  await write.text(content.design.signatoryTitle, {
    x: MARGIN,
    y: signatoryY,
    size: 9,
    width: 240,
    color: DIMMED,
  });

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
    say(content, eCertWords.footer, { date: formatDateIn(language, content.madeAt.toISOString()) }),
    {
      x: MARGIN,
      y: qrY + qrSize,
      size: 9,
      width: width - qrSize - 20,
      color: DIMMED,
    },
  );

  if (c.state === 'revoked') {
    const stamp = say(content, eCertWords.revokedStamp);
    const font = await fontFor(stamp, true);
    page.drawText(stamp, {
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
