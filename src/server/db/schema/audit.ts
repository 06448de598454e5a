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
  },
  (t) => [
    index('audit_event_at_idx').on(t.at.desc()),
    index('audit_event_entity_idx').on(t.entityType, t.entityId),
  ],
);
