import type { RenewalView } from '#shared/api/people.ts';
import type { renewal } from '../../db/schema/index.ts';
import { toRecordView } from '../people/record-view.ts';

export type RenewalRow = typeof renewal.$inferSelect;

/** A renewal as staff see it; `personId` is the live person with its FIN, for "View". */
export const toRenewalView = (
  row: RenewalRow & { personId: string | null },
  validityYears: number,
): RenewalView => ({ ...toRecordView(row, validityYears), personId: row.personId });
