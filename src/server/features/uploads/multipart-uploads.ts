import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { multipartLimits } from './upload-limits.ts';

/**
 * Lets the routes of the scope that registers it read `multipart/form-data`; other scopes keep
 * refusing it. Oversized files are not thrown by the parser: each field's own limit is checked
 * as it is read, so the error can name the field.
 */
export default fp(async (app) => {
  // preservePath: the file name as sent, not busboy's base name of it, so a path in it is seen and refused.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false, preservePath: true });
});
