import type { I18n } from '@lingui/core';
import type { CredentialCheck } from '#shared/api/credentials.ts';
import { formatDateIn } from '#shared/format-date.ts';
import { isLanguage, languages } from '#shared/i18n/languages.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import type { PrintedPage, PrintedText } from '../../pdf/read-sent-pdf.ts';
import { eCertWords, NAME_SIZE } from './printed-e-cert.ts';

/** Ours print 25–60 pieces of text; comparing every pair of far more would cost the server. */
const MAX_TEXTS = 2000;

const texts = {
  matches: /*i18n*/ {
    id: 'The name, course, level, result and date printed on the page are those of the signed credential. Other printed text was not compared.',
  },
  notRead: /*i18n*/ { id: 'Not checked: the page could not be read, so what it prints was not compared.' },
  notOurs: /*i18n*/ { id: 'Not checked: the credential does not state what an e-Cert prints.' },
  notSigned: /*i18n*/ {
    id: 'Not checked: without a valid signature there is nothing to compare the page with.',
  },
  otherName: /*i18n*/ {
    id: 'The page was changed: it prints the name \u201c{printed}\u201d, but the signed credential names {name}.',
  },
  noName: /*i18n*/ {
    id: 'The page was changed: it does not print the name of the signed credential, {name}.',
  },
  otherRow: /*i18n*/ {
    id: 'The page was changed: it does not print the course, level, result and date of the signed credential ({course}, {level}, {result}, {date}).',
  },
  drawnOver: /*i18n*/ { id: 'The page was changed: text was drawn over other text.' },
  pages: /*i18n*/ { id: 'The page was changed: the PDF has pages an e-Cert does not have.' },
  notes: /*i18n*/ { id: 'The page was changed: notes or fields were added over it.' },
  tooMuch: /*i18n*/ { id: 'The page was changed: it prints far more than an e-Cert does.' },
};

/** What the page prints about the credential's subject, as our credentials state it (build-credential.ts). */
interface PrintedFacts {
  name: string;
  course: string;
  level: string;
  result: string;
  passedDate: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function factsOf(credential: Record<string, unknown>): PrintedFacts | null {
  const subject = (credential.credentialSubject ?? {}) as {
    identifier?: { identityType?: unknown; hashed?: unknown; identityHash?: unknown }[];
    achievement?: { name?: unknown; description?: unknown };
    result?: { value?: unknown }[];
  };
  const identifiers = Array.isArray(subject.identifier) ? subject.identifier : [];
  const name = text(
    identifiers.find((id) => id?.identityType === 'name' && id.hashed === false)?.identityHash,
  );
  const title = text(subject.achievement?.name) ?? '';
  const description = text(subject.achievement?.description) ?? '';
  const result = text(Array.isArray(subject.result) ? subject.result[0]?.value : undefined);
  const passedDate = text(credential.validFrom)?.slice(0, 10);
  // The title is "course (level)" and the description begins "course, level: ": where the course
  // ends is where both agree, whatever brackets or commas the course's own name holds.
  for (let end = title.indexOf(' ('); end !== -1; end = title.indexOf(' (', end + 1)) {
    const course = title.slice(0, end);
    const level = title.slice(end + 2, -1);
    if (
      title.endsWith(')') &&
      description.startsWith(`${course}, ${level}: `) &&
      name &&
      result &&
      passedDate
    )
      return { name, course, level, result, passedDate };
  }
  return null;
}

/**
 * Text for comparing: composed, without spaces (lines wrap where they will). A Tamil vowel sign
 * written before its consonant is extracted as drawn, before it: it goes back after.
 */
const comparable = (value: string) => value.normalize('NFC').replace(/\s+/g, '');
const comparablePrinted = (value: string) =>
  comparable(value.replace(/([\u0BC6-\u0BC8])([\u0B95-\u0BB9])/g, '$2$1'));

/** Two upright texts covering each other by over a quarter of the smaller: ours never do. */
function drawnOver(all: PrintedText[]) {
  const boxes = all
    .filter((piece) => !piece.rotated && piece.width > 0)
    .map((piece) => ({
      left: piece.x,
      right: piece.x + piece.width,
      bottom: piece.y - 0.2 * piece.size,
      top: piece.y + 0.8 * piece.size,
    }));
  const area = (box: (typeof boxes)[number]) => (box.right - box.left) * (box.top - box.bottom);
  return boxes.some((one, index) =>
    boxes.slice(index + 1).some((other) => {
      const width = Math.min(one.right, other.right) - Math.max(one.left, other.left);
      const height = Math.min(one.top, other.top) - Math.max(one.bottom, other.bottom);
      return width > 0 && height > 0 && width * height > 0.25 * Math.min(area(one), area(other));
    }),
  );
}

/**
 * Compares what a person reads on an e-Cert PDF's page with the signed credential it carries:
 * the name printed as the holder's, and one course row printing the credential's course, level,
 * result and passed date together (in any of the page's languages). Text drawn over other text,
 * extra pages and notes added on top are changes too. Other text (the FIN, the serial number,
 * other courses) is not in the credential and is not compared: the line says so.
 */
export function checkPrintedPage(
  page: PrintedPage | null,
  credential: Record<string, unknown>,
  signed: boolean,
  i18n: I18n,
): CredentialCheck {
  const line = (
    outcome: CredentialCheck['outcome'],
    said: { id: string },
    values?: Record<string, string>,
  ) => ({
    check: 'page' as const,
    outcome,
    message: i18n._(said.id, values),
  });
  if (!signed) return line('unchecked', texts.notSigned);
  if (!page) return line('unchecked', texts.notRead);
  const facts = factsOf(credential);
  if (!facts) return line('unchecked', texts.notOurs);
  if (page.pages !== 1) return line('fail', texts.pages);
  if (page.annotations > 0) return line('fail', texts.notes);
  if (page.texts.length > MAX_TEXTS) return line('fail', texts.tooMuch);
  if (drawnOver(page.texts)) return line('fail', texts.drawnOver);

  const upright = page.texts.filter((piece) => !piece.rotated);
  const printedName = upright.filter((piece) => Math.abs(piece.size - NAME_SIZE) < 0.5);
  if (printedName.length === 0) return line('fail', texts.noName, { name: facts.name });
  if (printedName.map((piece) => comparablePrinted(piece.text)).join('') !== comparable(facts.name))
    return line('fail', texts.otherName, {
      printed: printedName.map((piece) => piece.text).join(' '),
      name: facts.name,
    });

  // Each row's cells are drawn one after another: course, level, result, date.
  const printed = upright.map((piece) => comparablePrinted(piece.text)).join('');
  const rows = languages.flatMap((language) => {
    const say = i18nFor(language);
    const results = [
      facts.result,
      say._(eCertWords.resultRevoked.id, { result: facts.result }),
      say._(eCertWords.resultExpired.id, { result: facts.result }),
    ];
    const date = formatDateIn(language, facts.passedDate);
    return results.map((result) => comparable(`${facts.course}${facts.level}${result}${date}`));
  });
  if (!rows.some((row) => printed.includes(row)))
    return line('fail', texts.otherRow, {
      course: facts.course,
      level: facts.level,
      result: facts.result,
      date: formatDateIn(isLanguage(i18n.locale) ? i18n.locale : 'en', facts.passedDate),
    });
  return line('pass', texts.matches);
}
