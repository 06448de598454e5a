import { z } from 'zod';
import { pageOf, searchPageQuery } from './paging.ts';

const trashKinds = ['people', 'renewals'] as const;
export type TrashKind = (typeof trashKinds)[number];

/** `GET /api/trash?kind=&q=&page=&pageSize=`: one kind of trashed record at a time. */
export const trashQuery = searchPageQuery.extend({
  kind: z.enum(trashKinds, { error: 'Kind must be people or renewals' }).default('people'),
});
export type TrashQuery = z.infer<typeof trashQuery>;

/** A trashed person or renewal: enough to recognise it, and who moved it to the trash and when. */
const trashedRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  finNumber: z.string(),
  eCertNumber: z.string(),
  passportNumber: z.string(),
  nationality: z.string(),
  tradeTested: z.string(),
  deletedAt: z.string(),
  /** The email of whoever deleted it, from the audit trail; null when the trail does not say. */
  deletedBy: z.string().nullable(),
});
export type TrashedRecord = z.infer<typeof trashedRecord>;
export const trashPage = pageOf(trashedRecord);
export type TrashPage = z.infer<typeof trashPage>;

/** How long whoever deleted a record may take it back with "Undo" (administrators: any time). */
export const UNDO_DELETE_MINUTES = 10;
