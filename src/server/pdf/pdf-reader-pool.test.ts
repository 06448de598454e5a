import { afterEach, describe, expect, it } from 'vitest';
import { manyLettersPdf } from '../test/hostile-pdfs.ts';
import { createPdfReaderPool, type PdfReaderPool } from './pdf-reader-pool.ts';

let pool: PdfReaderPool | undefined;
afterEach(async () => {
  await pool?.close();
});

const withAttachment = () => manyLettersPdf(10);

describe('the pool of PDF readers', () => {
  it('ends a reader still reading at its deadline, refuses that PDF, and reads the next afresh', async () => {
    pool = createPdfReaderPool({ size: 1, deadlineMs: 2000 });
    const pdf = await withAttachment();
    // Started and warm: a reading well inside the deadline.
    expect((await pool.read(pdf)).credentialText).toBe('{}');
    await pool.close();

    pool = createPdfReaderPool({ size: 1, deadlineMs: 1 });
    await expect(pool.read(pdf)).rejects.toThrow(/takes far more time or memory to read than an e-Cert/);
    await expect(pool.read(pdf)).rejects.toThrow(/takes far more time or memory/);
  });

  it('reads one PDF at a time per reader, the others waiting their turn', async () => {
    pool = createPdfReaderPool({ size: 1 });
    const pdf = await withAttachment();
    const readings = await Promise.all(Array.from({ length: 5 }, () => pool?.read(pdf)));
    expect(readings.map((reading) => reading?.credentialText)).toEqual(Array(5).fill('{}'));
  });
});
