import { parentPort } from 'node:worker_threads';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { DAMAGED, UnreadablePdf } from './load-untrusted-pdf.ts';
import { readSentPdf } from './read-sent-pdf.ts';

/** One PDF to read, and the answer: what it carries, or the plain words of its refusal. */
export interface ReadRequest {
  bytes: Uint8Array;
}
export type ReadAnswer = { reading: Awaited<ReturnType<typeof readSentPdf>> } | { refusal: string };

// PDF.js runs its parser in this thread instead of starting a worker of its own.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

const port = parentPort;
if (port) {
  port.on('message', async ({ bytes }: ReadRequest) => {
    let answer: ReadAnswer;
    try {
      answer = { reading: await readSentPdf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
    } catch (error) {
      answer = { refusal: error instanceof UnreadablePdf ? error.message : DAMAGED };
    }
    port.postMessage(answer);
  });
  port.postMessage('ready');
}
