import { fieldLabel } from '#client/lib/field-label.ts';

const actions: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  restore: 'restored',
  revoke: 'revoked',
  import: 'imported',
  download: 'downloaded',
  publish: 'published',
};
const entities: Record<string, string> = {
  person: 'a person record',
  renewal: 'a renewal',
  user: 'a user',
  import: 'a CSV file',
  apiKey: 'an API key',
  backup: 'a backup of the database',
  content: 'a version of the public pages',
};

/** "ann@example.org updated a person record (name, passedDate)". */
export function describeChange(change: {
  actorEmail: string | null;
  entityType: string;
  action: string;
  fields?: string[];
}): string {
  const who = change.actorEmail ?? 'The system';
  const what = `${actions[change.action] ?? change.action} ${entities[change.entityType] ?? change.entityType}`;
  // An import's event lists its counts (rows, created...), a backup's its name: not fields of a record.
  const fields =
    change.entityType !== 'import' && change.entityType !== 'backup' && change.fields?.length
      ? ` (${change.fields.map(fieldLabel).join(', ')})`
      : '';
  return `${who} ${what}${fields}`;
}
