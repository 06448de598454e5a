import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { fromProjectRoot } from '../project-root.ts';
import type { ReadAnswer } from './pdf-reader-worker.ts';
import type { SentPdfReading } from './read-sent-pdf.ts';

/** Reading one of ours takes 20–300 ms; a PDF still being read after this is not worth reading. */
const READ_DEADLINE_MS = 1000;
/** PDFs waiting for a reader: each waits at most this many deadlines, then the checker says it is busy. */
const MAX_WAITING = 32;

const TOO_COSTLY = 'This PDF takes far more time or memory to read than an e-Cert does, so it was not read.';
const BUSY = 'The checker is reading many PDFs just now. Please try again in a minute.';

/** A PDF the reader refused, in plain words a visitor may read. */
export class PdfRefused extends Error {}

interface Job {
  bytes: Uint8Array;
  resolve: (reading: SentPdfReading) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

/**
 * Reads PDFs sent by strangers in worker threads, so that no PDF, however made, holds up the
 * event loop: one reader per spare core (at least one), each PDF given READ_DEADLINE_MS before
 * its reader is ended and replaced. The rest wait their turn, up to MAX_WAITING.
 */
export function createPdfReaderPool({
  size = Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  deadlineMs = READ_DEADLINE_MS,
} = {}) {
  const readers: Reader[] = [];
  const waiting: Job[] = [];
  let closed = false;

  const start = (): Reader => {
    const worker = new Worker(fromProjectRoot('src', 'server', 'pdf', 'pdf-reader.worker.mjs'), {
      // PDF.js and pdf-lib need about 60 MB for a large e-Cert; a PDF that wants far more is refused.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      // Parsers write a line for each broken part of a file: none of it reaches the server's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    ready.catch(() => undefined);
    return { worker, ready, busy: false };
  };

  // Its successor starts when a PDF next needs it: starting one costs about half a second.
  const retire = (reader: Reader) => {
    void reader.worker.terminate();
    const at = readers.indexOf(reader);
    if (at !== -1) readers.splice(at, 1);
  };

  const run = async (reader: Reader, job: Job) => {
    reader.busy = true;
    try {
      await reader.ready;
      job.resolve(await readWithin(reader, job.bytes, deadlineMs));
    } catch (error) {
      if (!(error instanceof PdfRefused) || error.message === TOO_COSTLY) retire(reader);
      // A reader that would not start is no fault of the PDF.
      job.reject(error instanceof PdfRefused ? error : new AppError(503, BUSY));
    } finally {
      reader.busy = false;
      next();
    }
  };

  const next = () => {
    if (closed || waiting.length === 0) return;
    if (readers.length < size) readers.push(start());
    const idle = readers.find((reader) => !reader.busy);
    const job = idle && waiting.shift();
    if (idle && job) void run(idle, job);
  };

  return {
    /** Starts the readers ahead of the first PDF, which would otherwise wait about a second for one. */
    warm() {
      while (!closed && readers.length < size) readers.push(start());
    },
    /** What the PDF carries and prints, or a PdfRefused saying why it was not read. */
    read(bytes: Uint8Array): Promise<SentPdfReading> {
      if (waiting.length >= MAX_WAITING) return Promise.reject(new AppError(503, BUSY));
      return new Promise((resolve, reject) => {
        waiting.push({ bytes, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new AppError(503, BUSY));
      await Promise.all(readers.splice(0).map((reader) => reader.worker.terminate()));
    },
  };
}
export type PdfReaderPool = ReturnType<typeof createPdfReaderPool>;

/** The reader's answer, or PdfRefused(TOO_COSTLY) once the deadline passes or the reader dies. */
function readWithin(reader: Reader, bytes: Uint8Array, deadlineMs: number): Promise<SentPdfReading> {
  const { worker } = reader;
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
    };
    const onMessage = (answer: ReadAnswer) => {
      finish();
      if ('reading' in answer) resolve(answer.reading);
      else reject(new PdfRefused(answer.refusal));
    };
    // Out of memory or any other end of the thread: the PDF is the cause.
    const onFailure = () => {
      finish();
      reject(new PdfRefused(TOO_COSTLY));
    };
    const timer = setTimeout(onFailure, deadlineMs);
    worker.on('message', onMessage);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
    worker.postMessage({ bytes });
  });
}
