import { z } from 'zod';

/**
 * Record ids are UUIDs. A malformed id names no record: callers answer it like an unknown id, and
 * it never reaches the database, whose uuid cast would fail.
 */
export const isRecordId = (id: string) => z.regexes.guid.test(id);
