import { Trans } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { CertificateView } from '#shared/api/certificates.ts';
import { CertificateImagesButton } from './certificate-images-modal.tsx';

type RecordActionsProps = Pick<
  CertificateView,
  'state' | 'pdf' | 'certificateImage' | 'passportImage' | 'identityDocumentsPublic' | 'issuer' | 'name'
> & {
  /** Said above the images when the record is expired or revoked: an image alone looks valid. */
  stateNotice: string | null;
};

/** The record's PDF, its images in a dialog, and printing the page. */
export function RecordActions({ state, pdf, stateNotice, ...images }: RecordActionsProps) {
  return (
    <Group className="no-print">
      {pdf && state === 'revoked' ? (
        <Text c="red.9">
          <Trans>PDF withdrawn: this certificate was revoked.</Trans>
        </Text>
      ) : pdf ? (
        <Button component="a" href={pdf.url} target="_blank" rel="noopener noreferrer" variant="outline">
          <Trans>View PDF</Trans>
        </Button>
      ) : (
        <Text c="dimmed">
          <Trans>No PDF Available</Trans>
        </Text>
      )}
      <CertificateImagesButton {...images} stateNotice={stateNotice} />
      <Button
        variant="subtle"
        leftSection={<IconPrinter size={18} aria-hidden />}
        onClick={() => window.print()}
      >
        <Trans>Print</Trans>
      </Button>
    </Group>
  );
}
