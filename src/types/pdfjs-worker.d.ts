/** PDF.js's parser, loaded into a thread that reads PDFs so that PDF.js starts no worker of its own. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
