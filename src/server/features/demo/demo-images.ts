import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { maskIdentifier } from '#shared/rules/masking.ts';

/**
 * Documents for the demo people, drawn locally: SVG composed here and rasterised by sharp (librsvg),
 * and a PDF from pdf-lib's standard fonts. Nothing is fetched. Every document says it is a
 * fictional demo, and none carries a government name or crest.
 */

export interface RenderedImage {
  /** WebP, quality 80, no metadata. */
  image: Buffer;
  /** The same image 320px wide. */
  thumbnail: Buffer;
}

export interface DemoBrand {
  issuerName: string;
  certificateTitle: string;
}

export const DEMO_BRAND: DemoBrand = {
  issuerName: 'Demo Skills Institute',
  certificateTitle: 'Skills Evaluation Certificate (Knowledge)',
};

export interface CertificateText {
  name: string;
  tradeTested: string;
  testLevel: string;
  testResult: string;
  passedDate: string;
  eCertNumber: string;
}

export interface PassportText {
  name: string;
  dob: string;
  gender: string;
  nationality: string;
  passportNumber: string;
}

const THUMBNAIL_WIDTH = 320;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";
const NAVY = '#1e3a5f';
const BLUE = '#2f6db5';
const PALE = '#e8f0fa';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2024-03-12" → "12 Mar 2024", the portal's display format. */
function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

/** Rasterises once, then encodes the full image and its thumbnail from the same pixels. */
async function encode(svg: string): Promise<RenderedImage> {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  // sharp writes no EXIF, ICC or XMP unless asked to (keepMetadata/withMetadata), so none is here.
  // Effort 2 instead of the default 4: about four times faster on these flat drawings, ~5% larger.
  const webp = { quality: 80, effort: 2 };
  const [image, thumbnail] = await Promise.all([
    sharp(data, { raw }).webp(webp).toBuffer(),
    sharp(data, { raw }).resize({ width: THUMBNAIL_WIDTH }).webp(webp).toBuffer(),
  ]);
  return { image, thumbnail };
}

/** A small deterministic PRNG (mulberry32) seeded from a string (FNV-1a). */
function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A smooth path through the points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points: [number, number][]): string {
  const f = (n: number) => n.toFixed(1);
  const [first] = points;
  if (!first) return '';
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0] as number)} ${f(c1[1] as number)} ${f(c2[0] as number)} ${f(c2[1] as number)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** A handwritten-looking scribble, one stroke per word, the same for the same name. */
function signatureSvg(name: string): string {
  const random = seededRandom(name);
  const words = name.split(/\s+/).filter(Boolean).slice(0, 3);
  const letters = words.reduce((sum, word) => sum + Math.min(word.length, 8), 0);
  const step = Math.min(34, 470 / Math.max(letters, 1));
  const strokes: string[] = [];
  let x = 50;
  for (const [w, word] of words.entries()) {
    const points: [number, number][] = [];
    const base = 120 + (random() - 0.5) * 16;
    // A tall capital first, then small loops that wander around the baseline.
    points.push([x, base + 8], [x + step * 0.3, base - 55 - random() * 20], [x + step * 0.5, base + 6]);
    x += step * 0.6;
    for (let i = 1; i < Math.min(word.length, 8); i++) {
      // Up and slightly right, a small turn back at the top (a loop), then down to the baseline.
      const top = base - (random() < 0.3 ? 50 : 22) - random() * 12;
      points.push([x + step * 0.75, top]);
      points.push([x + step * 0.45 + random() * 4, top + 6]);
      points.push([x + step * 0.7, base + 2 + random() * 6]);
      x += step;
    }
    if (w === words.length - 1) points.push([x + 30, base - 6 - random() * 12]);
    strokes.push(smoothPath(points));
    x += step * 0.8;
  }
  const flourishY = 150 + random() * 12;
  strokes.push(
    smoothPath([
      [60 + random() * 30, flourishY + 6],
      [260, flourishY - 4 - random() * 8],
      [Math.min(x + 20, 560), flourishY - 10 - random() * 10],
    ]),
  );
  const paths = strokes
    .map(
      (d) =>
        `<path d="${d}" fill="none" stroke="${NAVY}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">
<rect width="600" height="200" fill="#ffffff"/>${paths}</svg>`;
}

export const renderSignature = (name: string) => encode(signatureSvg(name));

/** A fictional travel-document data page: no state, no crest, numbers masked. */
function passportSvg(person: PassportText): string {
  const parts = person.name.toUpperCase().split(/\s+/);
  const surname = parts.length > 1 ? parts[parts.length - 1] : parts[0];
  const given = parts.length > 1 ? parts.slice(0, -1).join(' ') : '';
  // Machine-readable-zone look-alike with the ICAO-style placeholder "DMO" instead of any state.
  const mrz = (line: string) =>
    escapeXml(
      line
        .replace(/[^A-Z0-9<]/g, '')
        .padEnd(44, '<')
        .slice(0, 44),
    );
  const mrzLines = [
    mrz(`P<DMO${surname}<<${given.replace(/\s+/g, '<')}`),
    mrz(`${maskIdentifier(person.passportNumber).replace(/\*/g, '<')}<<DEMO<<SPECIMEN<<NOT<VALID`),
  ];
  const waves = Array.from({ length: 9 }, (_, i) => {
    const y = 150 + i * 42;
    return `<path d="M0 ${y} C150 ${y - 30} 300 ${y + 30} 450 ${y} S750 ${y - 30} 900 ${y}" fill="none" stroke="#c9dbf0" stroke-width="1.5"/>`;
  }).join('');
  const field = (label: string, value: string, x: number, y: number) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="15" fill="#5a6b80">${escapeXml(label)}</text>
<text x="${x}" y="${y + 26}" font-family="${FONT}" font-size="22" font-weight="bold" fill="${NAVY}">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600" viewBox="0 0 900 600">
<rect width="900" height="600" rx="28" fill="#f4f8fd"/>${waves}
<rect width="900" height="96" rx="28" fill="${NAVY}"/><rect y="60" width="900" height="36" fill="${NAVY}"/>
<text x="450" y="44" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="bold" fill="#ffffff">DEMO TRAVEL DOCUMENT</text>
<text x="450" y="78" text-anchor="middle" font-family="${FONT}" font-size="17" fill="#cfe0f5">SPECIMEN — NOT VALID FOR TRAVEL — FICTIONAL DATA</text>
<rect x="48" y="130" width="220" height="280" rx="12" fill="${PALE}" stroke="${BLUE}" stroke-width="2"/>
<circle cx="158" cy="230" r="52" fill="#9db7d6"/>
<path d="M68 410 C68 330 110 300 158 300 C206 300 248 330 248 410 Z" fill="#9db7d6"/>
${field('Surname', surname ?? '', 310, 150)}
${field('Given names', given || '—', 310, 215)}
${field('Nationality', person.nationality, 310, 280)}
${field('Date of birth', displayDate(person.dob), 310, 345)}
${field('Sex', person.gender === 'Female' ? 'F' : person.gender === 'Male' ? 'M' : 'X', 600, 345)}
${field('Document no.', maskIdentifier(person.passportNumber), 600, 280)}
<rect x="48" y="470" width="804" height="96" rx="8" fill="#ffffff" stroke="#c9dbf0"/>
<text x="68" y="508" font-family="'DejaVu Sans Mono', monospace" font-size="24" fill="${NAVY}">${mrzLines[0]}</text>
<text x="68" y="546" font-family="'DejaVu Sans Mono', monospace" font-size="24" fill="${NAVY}">${mrzLines[1]}</text>
</svg>`;
}

export const renderPassport = (person: PassportText) => encode(passportSvg(person));

/** The certificate as an image: the same texts as the PDF, with the serial number, never the FIN. */
function certificateSvg(person: CertificateText, brand: DemoBrand = DEMO_BRAND): string {
  const t = (
    text: string,
    y: number,
    size: number,
    options: { bold?: boolean; color?: string; family?: string; italic?: boolean } = {},
  ) =>
    `<text x="600" y="${y}" text-anchor="middle" font-family="${options.family ?? FONT}" font-size="${size}"${options.bold ? ' font-weight="bold"' : ''}${options.italic ? ' font-style="italic"' : ''} fill="${options.color ?? NAVY}">${escapeXml(text)}</text>`;
  const rays = Array.from({ length: 24 }, (_, i) => {
    const a = (i * Math.PI) / 12;
    return `${(Math.cos(a) * 58).toFixed(1)},${(Math.sin(a) * 58).toFixed(1)} ${(Math.cos(a + Math.PI / 24) * 48).toFixed(1)},${(Math.sin(a + Math.PI / 24) * 48).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<rect width="1200" height="800" fill="#fbfcfe"/>
<rect x="24" y="24" width="1152" height="752" fill="none" stroke="${NAVY}" stroke-width="10"/>
<rect x="44" y="44" width="1112" height="712" fill="none" stroke="${BLUE}" stroke-width="2"/>
<g transform="translate(${(600 - (56 + brand.issuerName.length * 16.2) / 2).toFixed(0)} 76)">
<rect width="44" height="44" rx="10" fill="${NAVY}"/>
<path d="M11 23l8 8 15-16" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
<text x="56" y="34" font-family="${FONT}" font-size="28" font-weight="bold" fill="${NAVY}">${escapeXml(brand.issuerName)}</text>
</g>
${t(brand.certificateTitle, 200, 44, { bold: true, family: SERIF })}
${t('This is to certify that', 280, 24, { color: '#5a6b80', italic: true })}
${t(person.name, 350, 52, { bold: true, family: SERIF })}
<line x1="300" y1="372" x2="900" y2="372" stroke="${BLUE}" stroke-width="2"/>
${t('was assessed in', 420, 24, { color: '#5a6b80', italic: true })}
${t(`${person.tradeTested} — ${person.testLevel}`, 475, 36, { bold: true })}
${t(`Result: ${person.testResult}  ·  Date of passed: ${displayDate(person.passedDate)}`, 530, 24)}
${t(`e-Cert serial no. ${person.eCertNumber}`, 570, 22, { color: '#5a6b80' })}
<g transform="translate(210 650)"><polygon points="${rays}" fill="${BLUE}"/><circle r="44" fill="${NAVY}"/><circle r="34" fill="none" stroke="#ffffff" stroke-width="2"/><text y="8" text-anchor="middle" font-family="${FONT}" font-size="17" font-weight="bold" fill="#ffffff">DEMO</text></g>
<line x1="800" y1="660" x2="1060" y2="660" stroke="${NAVY}" stroke-width="2"/>
<text x="930" y="688" text-anchor="middle" font-family="${FONT}" font-size="18" fill="#5a6b80">Head of Assessment (fictional)</text>
${t(`Fictional demo certificate. ${brand.issuerName} is a sample issuer.`, 735, 16, { color: '#7a8aa0' })}
</svg>`;
}

export const renderCertificate = (person: CertificateText, brand?: DemoBrand) =>
  encode(certificateSvg(person, brand));

/** The certificate as an A4 landscape PDF with the same texts (standard fonts: Latin names only). */
export async function renderCertificatePdf(
  person: CertificateText,
  brand: DemoBrand = DEMO_BRAND,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${brand.certificateTitle} — ${person.eCertNumber}`);
  pdf.setAuthor(brand.issuerName);
  pdf.setCreator(`${brand.issuerName} demo data`);
  pdf.setProducer('e-Cert Portal');
  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const [regular, bold, serifBold, italic] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
    pdf.embedFont(StandardFonts.TimesRomanBold),
    pdf.embedFont(StandardFonts.HelveticaOblique),
  ]);
  const navy = rgb(0x1e / 255, 0x3a / 255, 0x5f / 255);
  const blue = rgb(0x2f / 255, 0x6d / 255, 0xb5 / 255);
  const grey = rgb(0x5a / 255, 0x6b / 255, 0x80 / 255);
  const centred = (text: string, y: number, size: number, font: PDFFont, color = navy) =>
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });

  page.drawRectangle({
    x: 18,
    y: 18,
    width: width - 36,
    height: height - 36,
    borderColor: navy,
    borderWidth: 7,
  });
  page.drawRectangle({
    x: 32,
    y: 32,
    width: width - 64,
    height: height - 64,
    borderColor: blue,
    borderWidth: 1.5,
  });
  centred(brand.issuerName, height - 85, 20, bold);
  centred(brand.certificateTitle, height - 145, 30, serifBold);
  centred('This is to certify that', height - 200, 16, italic, grey);
  centred(person.name, height - 250, 36, serifBold);
  page.drawLine({
    start: { x: width / 2 - 210, y: height - 265 },
    end: { x: width / 2 + 210, y: height - 265 },
    thickness: 1.5,
    color: blue,
  });
  centred('was assessed in', height - 300, 16, italic, grey);
  centred(`${person.tradeTested} — ${person.testLevel}`, height - 340, 24, bold);
  centred(
    `Result: ${person.testResult}  ·  Date of passed: ${displayDate(person.passedDate)}`,
    height - 378,
    16,
    regular,
  );
  centred(`e-Cert serial no. ${person.eCertNumber}`, height - 405, 14, regular, grey);
  page.drawCircle({ x: 150, y: 110, size: 38, color: navy, borderColor: blue, borderWidth: 6 });
  page.drawText('DEMO', {
    x: 150 - bold.widthOfTextAtSize('DEMO', 14) / 2,
    y: 105,
    size: 14,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawLine({ start: { x: 560, y: 115 }, end: { x: 740, y: 115 }, thickness: 1.5, color: navy });
  const signer = 'Head of Assessment (fictional)';
  page.drawText(signer, {
    x: 650 - regular.widthOfTextAtSize(signer, 12) / 2,
    y: 97,
    size: 12,
    font: regular,
    color: grey,
  });
  centred(`Fictional demo certificate. ${brand.issuerName} is a sample issuer.`, 46, 10, regular, grey);
  return Buffer.from(await pdf.save());
}
