import { Box, Button, Image, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MissingFile } from '#client/components/media/missing-file.tsx';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import type { FileView } from '#shared/api/certificates.ts';

interface CertificateImagesProps {
  certificateImage: FileView | null;
  passportImage: FileView | null;
  name: string;
}

/** "View Certificate": shown only when there is something to view; the modal locks page scrolling. */
export function CertificateImagesButton({ certificateImage, passportImage, name }: CertificateImagesProps) {
  const [opened, modal] = useDisclosure(false);
  const dialog = useOpenedOnce(opened);
  if (!certificateImage && !passportImage) return null;
  return (
    <>
      <Button variant="light" onClick={modal.open}>
        View Certificate
      </Button>
      {dialog.rendered && (
        <Modal
          opened={dialog.opened}
          onClose={modal.close}
          title="Certificate & Passport"
          size="xl"
          lockScroll
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Box className="record-images">
            {[
              { file: certificateImage, label: 'Certificate' },
              { file: passportImage, label: 'Passport' },
            ].map(({ file, label }) => (
              <Stack key={label} gap={4}>
                <Text fw={600}>{label}</Text>
                {file ? (
                  <Image src={file.url} alt={`${label} of ${name}`} radius="sm" />
                ) : (
                  <MissingFile text={`No ${label.toLowerCase()} image`} h={160} />
                )}
              </Stack>
            ))}
          </Box>
        </Modal>
      )}
    </>
  );
}
