import { Box, Button, Image, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MissingFile } from '#client/components/media/missing-file.tsx';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import type { FileView } from '#shared/api/certificates.ts';

interface CertificateImagesProps {
  certificateImage: FileView | null;
  passportImage: FileView | null;
  /** False: the passport scan is an identity document the issuer keeps to itself. */
  identityDocumentsPublic: boolean;
  issuer: string;
  name: string;
  /** Said above the images when the record is expired or revoked: an image alone looks valid. */
  stateNotice: string | null;
}

function ImageOf({ file, label, name }: { file: FileView | null; label: string; name: string }) {
  return file ? (
    <Image src={file.url} alt={`${label} of ${name}`} radius="sm" />
  ) : (
    <MissingFile text={`No ${label.toLowerCase()} image`} h={160} />
  );
}

/** "View Certificate": shown only when there is something to view; the modal locks page scrolling. */
export function CertificateImagesButton(props: CertificateImagesProps) {
  const { certificateImage, passportImage, identityDocumentsPublic, issuer, name, stateNotice } = props;
  const [opened, modal] = useDisclosure(false);
  const dialog = useOpenedOnce(opened);
  if (!certificateImage && !passportImage) return null;
  return (
    <>
      <Button variant="outline" onClick={modal.open}>
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
          {stateNotice && (
            <Text fw={700} c="red.9" mb="md">
              {stateNotice}
            </Text>
          )}
          <Box className="record-images">
            <Stack gap={4}>
              <Text fw={600}>Certificate</Text>
              <ImageOf file={certificateImage} label="Certificate" name={name} />
            </Stack>
            <Stack gap={4}>
              <Text fw={600}>Passport</Text>
              {identityDocumentsPublic ? (
                <ImageOf file={passportImage} label="Passport" name={name} />
              ) : (
                <Text>Identity documents are held by {issuer} and are not published.</Text>
              )}
            </Stack>
          </Box>
        </Modal>
      )}
    </>
  );
}
