import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvOf, csvRow, upload, zipOfEmptyFiles } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { countRows } from '../../test/test-app.ts';
import { importUploadsDir } from './receive-upload.ts';
import { MAX_ZIP_ENTRIES } from './zip-files.ts';

const api = setUpPeopleApi({ IMPORT_CSV_MAX_MB: '1' });

/** Files anywhere under the data folder's upload area: a refused upload must leave none. */
const leftUploads = () => {
  const dir = importUploadsDir(api.harness.app.config.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
};

/** A multipart body whose CSV part is `megabytes` long, made as it is read, counting what was read. */
function endlessCsvUpload(megabytes: number) {
  const boundary = 'import-limit-boundary';
  const read = { bytes: 0 };
  const line = Buffer.from(`${csvOf([csvRow()]).split('\n')[1]}\n`);
  const chunk = Buffer.concat(Array.from({ length: Math.ceil(65_536 / line.length) }, () => line));
  function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${csvOf([])}`,
    );
    for (let sent = 0; sent < megabytes * 1024 * 1024; sent += chunk.length) {
      read.bytes += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    read,
    request: {
      method: 'POST' as const,
      url: '/api/imports',
      headers: { ...api.staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(parts(), { objectMode: false }),
    },
  };
}

describe('the size of an import', () => {
  it('refuses a CSV over its limit with 413 as it passes it, not after reading the rest', async () => {
    const jobsBefore = await countRows(api.harness.database, 'import_job');
    const body = endlessCsvUpload(200);
    const response = await api.inject(body.request);
    expect(response.json()).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The CSV file must be at most 1 MB.',
    });
    // The parser buffers some megabytes ahead; the other 150 MB were never read.
    expect(body.read.bytes).toBeLessThan(50 * 1024 * 1024);
    expect(leftUploads()).toEqual([]);
    expect(await countRows(api.harness.database, 'import_job')).toBe(jobsBefore);
  });

  it(`refuses a ZIP of more than ${MAX_ZIP_ENTRIES.toLocaleString('en')} files before reading them`, async () => {
    const crowded = zipOfEmptyFiles(MAX_ZIP_ENTRIES + 1);
    const jobsBefore = await countRows(api.harness.database, 'import_job');

    const response = await upload(api, csvOf([csvRow()]), { zip: crowded });
    expect(response.json()).toMatchObject({
      statusCode: 413,
      message: `The ZIP holds ${(MAX_ZIP_ENTRIES + 1).toLocaleString('en')} files; an import takes at most ${MAX_ZIP_ENTRIES.toLocaleString('en')}. Split the CSV, and send each part with a ZIP of the files its rows name.`,
    });
    expect(leftUploads()).toEqual([]);
    expect(await countRows(api.harness.database, 'import_job')).toBe(jobsBefore);
  });
});
