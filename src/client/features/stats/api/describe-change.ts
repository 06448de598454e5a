import { fieldLabel } from '#client/lib/field-label.ts';

const actions: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  restore: 'restored',
};
const entities: Record<string, string> = { person: 'a person record', renewal: 'a renewal', user: 'a user' };

/** "ann@example.org updated a person record (name, passedDate)". */
export function describeChange(change: {
  actorEmail: string | null;
  entityType: string;
  action: string;
  fields?: string[];
}): string {
  const who = change.actorEmail ?? 'The system';
  const what = `${actions[change.action] ?? change.action} ${entities[change.entityType] ?? change.entityType}`;
  const fields = change.fields?.length ? ` (${change.fields.map(fieldLabel).join(', ')})` : '';
  return `${who} ${what}${fields}`;
}
