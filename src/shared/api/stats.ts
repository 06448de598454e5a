import { z } from 'zod';
import { auditActions, auditEntityTypes } from './audit.ts';

/** Days before the end of validity from which a course counts as expiring soon. */
export const EXPIRING_SOON_DAYS = 90;

const monthCount = z.object({
  /** `YYYY-MM` of the passed date. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  count: z.number().int(),
});
export type MonthCount = z.infer<typeof monthCount>;

const latestChange = z.object({
  at: z.string(),
  actorEmail: z.string().nullable(),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string(),
  action: z.enum(auditActions),
  /** Names of the fields the change touched; values stay in the audit trail. */
  fields: z.array(z.string()),
});
export type LatestChange = z.infer<typeof latestChange>;

/** The dashboard's numbers, counted over live records. */
export const statsResponse = z.object({
  people: z.number().int(),
  valid: z.number().int(),
  expiringSoon: z.number().int(),
  expired: z.number().int(),
  /** Unrevoked records whose result is not a pass: training records, neither valid nor expired. */
  notPassed: z.number().int(),
  /** Revoked is neither valid nor expired, as on the record page and in the Status filter. */
  revoked: z.number().int(),
  renewals: z.number().int(),
  /** The last 12 months including the current one, oldest first, months without records as 0. */
  byMonth: z.array(monthCount),
  latestChanges: z.array(latestChange),
});
export type StatsResponse = z.infer<typeof statsResponse>;
