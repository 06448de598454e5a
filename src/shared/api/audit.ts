import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/**
 * `bulk`: one staff action on many records at once (each record has its own event too); `backup`:
 * the whole database copied out (`download`) or put back (`restore`); `content`: a version of the
 * public pages and brand (`publish`, or `restore` of an earlier one), by its number.
 */
export const auditEntityTypes = [
  'person',
  'renewal',
  'user',
  'import',
  'bulk',
  'apiKey',
  'backup',
  'verifier',
  'content',
] as const;
export const auditActions = [
  'create',
  'update',
  'delete',
  'restore',
  'revoke',
  'reinstate',
  'import',
  'download',
  'publish',
] as const;

/** Who: a user's id, or this for the changes no signed-in person made. */
export const SYSTEM_ACTOR = 'system';

const instant = (label: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${label} must be a date and time (ISO 8601, e.g. 2026-11-26T00:00:00+08:00)`,
    })
    .optional();

/**
 * The trail's lines, newest first: one per change, and one per import or bulk action standing for
 * its records' changes; `batch` lists the records of one such line instead, and `entityId` every
 * event of one record. Filters: who (`actor`), what (`action`, `entityType`), when (from the
 * instant `from`, up to but not including `to`: the page sends the reader's own days).
 */
export const auditQuery = pageQuery
  .extend({
    entityType: z
      .enum(auditEntityTypes, {
        error: 'Record type must be person, renewal, user, import, bulk, apiKey, backup or content',
      })
      .optional(),
    entityId: z.string().trim().min(1).max(100, { error: 'Entity id is too long' }).optional(),
    action: z.enum(auditActions, { error: `Action must be one of ${auditActions.join(', ')}` }).optional(),
    actor: z.string().trim().min(1).max(100, { error: 'Who is too long' }).optional(),
    from: instant('From'),
    to: instant('To'),
    batch: z.string().trim().min(1).max(100, { error: 'Batch is too long' }).optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    error: 'To must be after From',
  });
export type AuditQuery = z.infer<typeof auditQuery>;

const auditEventView = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's name now, when the account still exists. */
  actorName: z.string().nullable(),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string(),
  /** The record's name (an import's file name), now or as the event recorded it; null if unknown. */
  entityName: z.string().nullable(),
  action: z.enum(auditActions),
  /** Field → [before, after]; file fields carry keys only. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** How many records' events this line stands for (an import or bulk action); 0 for one change. */
  batchSize: z.number().int(),
});
export type AuditEventView = z.infer<typeof auditEventView>;
export const auditPage = pageOf(auditEventView);
export type AuditPage = z.infer<typeof auditPage>;

/** Everyone who can appear under Who: the portal's accounts. */
export const auditActors = z.object({
  actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type AuditActors = z.infer<typeof auditActors>;
