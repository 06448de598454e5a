/**
 * The credential checker's PDF reading at its worst: `npx tsx bench/pdf-check.ts`.
 *
 * Each PDF made to be slow to read (src/server/test/hostile-pdfs.ts, 2 MB, the checker's limit)
 * and three e-Certs (Latin, Chinese and Tamil names) are read by the server's pool of readers
 * (a worker thread), five times each: the time to the answer, the process's CPU time (every
 * thread), and the longest the main thread's event loop stalled meanwhile. For comparison,
 * pdf-lib loading each hostile kind as it did before, at 50 kB (at 2 MB it runs for minutes).
 * Results go to bench/results/<date>-pdf-check.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { drawECert } from '../src/server/features/e-cert-pdf/draw-e-cert.ts';
import { i18nFor } from '../src/server/i18n/i18n-for.ts';
import { createPdfReaderPool } from '../src/server/pdf/pdf-reader-pool.ts';
import { manyLettersPdf, slowPdfs } from '../src/server/test/hostile-pdfs.ts';

const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const max = (values: number[]) => Math.max(...values);

async function eCert(name: string, language: 'en' | 'zh-Hans' | 'ta') {
  const pdf = await drawECert({
    site: { issuerName: 'Demo Skills Institute', portalName: 'e-Cert Portal', certificateTitle: 'e-Cert' },
    design: {
      accentColour: '#1c4e80',
      statement: 'Issued after a skills test.',
      signatoryName: 'Alex Morgan',
      signatoryTitle: 'Director of Assessment',
    },
    certificate: {
      name,
      finNumber: 'XXXXX567X',
      state: 'valid',
      courseExpiresOn: '2028-01-05',
      revokedAt: null,
      revocationReason: null,
      courseStatus: 'available',
      serial: 'XXXX0001',
    },
    records: [
      {
        courseName: 'Carpentry',
        courseLevel: 'Level 2',
        passedDate: '2026-01-05',
        result: 'Passed',
        state: 'valid',
        current: true,
      },
    ],
    recordUrl: 'https://certs.example.test/info/1',
    qrPng: await QRCode.toBuffer('https://certs.example.test/info/1', { type: 'png' }),
    logoPng: null,
    signaturePng: null,
    signatoryPng: null,
    credential: { name },
    madeAt: new Date(),
    language,
    i18n: i18nFor(language),
  });
  return Buffer.from(pdf);
}

const cases: [string, Buffer][] = [
  ...Object.entries(slowPdfs).map(([kind, make]) => [kind, make()] as [string, Buffer]),
  ['many letters', await manyLettersPdf()],
  ['e-Cert, Latin name', await eCert('Ada Lovelace', 'en')],
  ['e-Cert, Chinese name', await eCert('陈小明', 'zh-Hans')],
  ['e-Cert, Tamil name', await eCert('கௌதம் செல்வம்', 'ta')],
];

const pool = createPdfReaderPool();
pool.warm();
await pool.read(cases.at(-1)?.[1] as Buffer).catch(() => undefined);

const results = [];
for (const [kind, pdf] of cases) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const stall: number[] = [];
  let answer = '';
  for (let round = 0; round < ROUNDS; round++) {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    answer = await pool.read(pdf).then(
      (reading) => `read: ${reading.page?.texts.length ?? 0} printed texts`,
      (error: Error) => error.message,
    );
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    loop.disable();
    stall.push(loop.max / 1e6);
  }
  const row = {
    kind,
    bytes: pdf.length,
    answer,
    medianMs: Math.round(median(wall)),
    maxMs: Math.round(max(wall)),
    medianCpuMs: Math.round(median(cpu)),
    maxCpuMs: Math.round(max(cpu)),
    maxLoopStallMs: Math.round(max(stall)),
  };
  console.log(JSON.stringify(row));
  results.push(row);
}
await pool.close();

// Before: pdf-lib on the event loop, recovering from every broken object (50 kB of each kind).
const before = [];
const quiet = console.warn;
console.warn = () => undefined;
for (const [kind, make] of Object.entries(slowPdfs)) {
  const pdf = make(50 * 1024);
  const started = performance.now();
  await PDFDocument.load(pdf, { updateMetadata: false }).catch(() => undefined);
  before.push({ kind, bytes: pdf.length, ms: Math.round(performance.now() - started) });
}
console.warn = quiet;
console.log(JSON.stringify({ before }));

const out = path.join(
  import.meta.dirname,
  'results',
  `${new Date().toISOString().slice(0, 10)}-pdf-check.json`,
);
fs.writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, loadAverage: (await import('node:os')).loadavg(), rounds: ROUNDS, results, before }, null, 2)}\n`,
);
console.log(`written ${out}`);
