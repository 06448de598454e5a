// A worker thread starts as plain JavaScript. The large parsers are loaded natively first (through
// tsx, PDF.js alone takes seconds to load); then the server's TypeScript, through tsx as `npm start` does.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import 'pdf-lib';
import { register } from 'tsx/esm/api';

register();
await import('./pdf-reader-worker.ts');
