import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { multipartLimits } from './upload-limits.ts';

/**
 * Lets the routes of the scope that registers it read `multipart/form-data`; other scopes keep
 * refusing it. Oversized files are not thrown by the parser: each field's own limit is checked
 * as it is read, so the error can name the field.
 */
export default fp(async (app) => {
  await app.register(multipart, {
    limits: multipartLimits,
    throwFileSizeLimit: false,
    // The file name as sent, not busboy's base name of it, so a path in it is seen and refused.
    preservePath: true,
    // busboy drains a part it skips (one without Content-Disposition) with resume(); when more than
    // the part's buffer (16 KB by default) arrived before that, the parser waits for a read that
    // never comes and the request hangs forever (found by the fuzz suite). With a buffer as large as
    // the largest part we accept, a skipped part never pauses the parser. Files are read into memory
    // whole anyway (read-multipart-form.ts), so the larger buffer holds nothing more for long.
    fileHwm: multipartLimits.fileSize + 1024 * 1024,
  });
});
