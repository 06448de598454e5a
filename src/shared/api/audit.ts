import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

export const auditEntityTypes = ['person', 'renewal', 'user', 'import'] as const;
export const auditActions = [
  'create',
  'update',
  'delete',
  'restore',
  'revoke',
  'reinstate',
  'import',
] as const;

export const auditQuery = pageQuery.extend({
  entityType: z
    .enum(auditEntityTypes, { error: 'Entity type must be person, renewal, user or import' })
    .optional(),
  entityId: z.string().trim().min(1).max(100, { error: 'Entity id is too long' }).optional(),
});

const auditEventView = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string(),
  action: z.enum(auditActions),
  /** Field → [before, after]; file fields carry keys only. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEventView = z.infer<typeof auditEventView>;
export const auditPage = pageOf(auditEventView);
export type AuditPage = z.infer<typeof auditPage>;
