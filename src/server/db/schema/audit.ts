import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { auditActions, auditEntityTypes } from '#shared/api/audit.ts';

export type AuditAction = (typeof auditActions)[number];
export type AuditEntity = (typeof auditEntityTypes)[number];

/** One change to a person, renewal or user, written in the same transaction as the change. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    entityType: text('entity_type').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** Field name → [before, after]; file fields record keys only, never content. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    /**
     * For one record's event within an import or a bulk action: the entity id of that import's or
     * action's own event, which the trail shows as one line standing for all of them.
     */
    batchId: text('batch_id'),
  },
  (t) => [
    index('audit_event_at_idx').on(t.at.desc()),
    index('audit_event_entity_idx').on(t.entityType, t.entityId),
    // The trail's lines (events outside a batch) newest first; drizzle/0014 adds INCLUDE (actor_id,
    // action, entity_type) by hand, so the Who and What filters are read from the index.
    index('audit_event_line_idx')
      .on(t.at.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.batchId} is null`),
    // One person's lines, for Who.
    index('audit_event_actor_line_idx')
      .on(t.actorId, t.at.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.batchId} is null`),
    // A batch's events, page by page when its line is opened.
    index('audit_event_batch_idx').on(t.batchId, t.at, t.id).where(sql`${t.batchId} is not null`),
  ],
);
