import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { NamedCard } from '#client/components/layout/named-card.tsx';
import type { RenewalView } from '#shared/api/people.ts';
import { recordPath } from '#shared/record-page.ts';
import { RecordDetails } from './record-details.tsx';

interface RenewalCardProps {
  renewal: RenewalView;
  onDelete: (id: string) => void;
  deleting: boolean;
}

export function RenewalCard({ renewal: r, onDelete, deleting }: RenewalCardProps) {
  return (
    <NamedCard name={r.name}>
      <RecordDetails record={r} courseLabel="Course Status" resultLabel="Test Result" />
      <Group gap="xs" mt="auto">
        <Button size="xs" color="red.9" onClick={() => onDelete(r.id)} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
        <Button size="xs" component={Link} to={`/dashboard/renew-update/${r.id}`}>
          Edit
        </Button>
        {r.personId ? (
          <Button
            size="xs"
            variant="outline"
            component="a"
            href={recordPath(r.personId)}
            target="_blank"
            rel="noopener noreferrer"
          >
            View
          </Button>
        ) : (
          <Button size="xs" variant="outline" disabled title="No person record has this FIN number">
            View
          </Button>
        )}
      </Group>
    </NamedCard>
  );
}
