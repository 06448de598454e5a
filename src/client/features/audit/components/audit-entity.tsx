import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEventView } from '#shared/api/audit.ts';

const editPaths: Record<string, string> = {
  person: '/dashboard/updatepeople/',
  renewal: '/dashboard/renew-update/',
};
const kinds: Record<string, string> = {
  person: 'Person',
  renewal: 'Renewal',
  user: 'User',
  import: 'Import',
  bulk: 'Chosen records',
  apiKey: 'API key',
  backup: 'Database',
  content: 'Public pages version',
};

/** The record an event is about, by name ("Person: Ada Tan"), linked to its edit page while it is there. */
export function AuditEntity({ event }: { event: AuditEventView }) {
  const name = event.entityName ?? `${event.entityId.slice(0, 8)} (no longer held)`;
  const label = event.entityType === 'bulk' ? kinds.bulk : `${kinds[event.entityType]}: ${name}`;
  const path = editPaths[event.entityType];
  if (!path || event.action === 'delete' || !event.entityName) return <>{label}</>;
  return (
    <Anchor component={Link} to={path + event.entityId} underline="always">
      {label}
    </Anchor>
  );
}

export const actionWords: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  revoke: 'Revoked',
  reinstate: 'Reinstated',
  import: 'Imported',
  download: 'Downloaded',
  publish: 'Published',
};
