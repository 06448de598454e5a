import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { NamedCard } from '#client/components/layout/named-card.tsx';
import type { PersonView } from '#shared/api/people.ts';
import { recordPath } from '#shared/record-page.ts';
import { RecordDetails } from './record-details.tsx';
import { RecordStateLine } from './record-state.tsx';
import { RecordThumbnails } from './record-thumbnails.tsx';
import { RevocationButton } from './revocation-button.tsx';

interface PersonCardProps {
  person: PersonView;
  onDelete: (id: string) => void;
  deleting: boolean;
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function PersonCard({ person: p, onDelete, deleting }: PersonCardProps) {
  return (
    <NamedCard name={p.name}>
      <RecordStateLine person={p} />
      <RecordDetails record={p} courseLabel="Course" resultLabel="Result" revoked={Boolean(p.revokedAt)} />
      <RecordThumbnails
        name={p.name}
        files={[
          { label: 'Signature', file: p.signatureImage },
          { label: 'Passport', file: p.passportImage },
          { label: 'Certificate', file: p.certificateImage },
        ]}
      />
      <Group gap="xs" mt="auto">
        <Button size="xs" color="red.9" onClick={() => onDelete(p.id)} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
        <Button size="xs" component={Link} to={`/dashboard/updatepeople/${p.id}`}>
          Edit
        </Button>
        <Button size="xs" variant="outline" component="a" href={recordPath(p.id)} {...newTab}>
          View
        </Button>
        <RevocationButton person={p} />
        <Button
          size="xs"
          variant="outline"
          component="a"
          href={`/api/people/${p.id}/e-cert.pdf`}
          download
          aria-label={`e-Cert PDF of ${p.name}`}
        >
          e-Cert PDF
        </Button>
        {p.pdf ? (
          <Button size="xs" variant="outline" component="a" href={p.pdf.url} {...newTab}>
            PDF
          </Button>
        ) : (
          <Button size="xs" variant="outline" disabled>
            No PDF
          </Button>
        )}
      </Group>
    </NamedCard>
  );
}
