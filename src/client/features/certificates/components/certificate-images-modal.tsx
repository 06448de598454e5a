import { Trans, useLingui } from '@lingui/react/macro';
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

interface ImageOfProps {
  file: FileView | null;
  /** What the image shows, for its text alternative; what a missing one says. */
  alt: string;
  missing: string;
}

function ImageOf({ file, alt, missing }: ImageOfProps) {
  return file ? <Image src={file.url} alt={alt} radius="sm" /> : <MissingFile text={missing} h={160} />;
}

/** "View Certificate": shown only when there is something to view; the modal locks page scrolling. */
export function CertificateImagesButton(props: CertificateImagesProps) {
  const { certificateImage, passportImage, identityDocumentsPublic, issuer, name, stateNotice } = props;
  const { t } = useLingui();
  const [opened, modal] = useDisclosure(false);
  const dialog = useOpenedOnce(opened);
  if (!certificateImage && !passportImage) return null;
  return (
    <>
      <Button variant="outline" onClick={modal.open}>
        <Trans>View Certificate</Trans>
      </Button>
      {dialog.rendered && (
        <Modal
          opened={dialog.opened}
          onClose={modal.close}
          title={t`Certificate & Passport`}
          size="xl"
          lockScroll
          closeButtonProps={{ 'aria-label': t`Close` }}
        >
          {stateNotice && (
            <Text fw={700} c="red.9" mb="md">
              {stateNotice}
            </Text>
          )}
          <Box className="record-images">
            <Stack gap={4}>
              <Text fw={600}>
                <Trans>Certificate</Trans>
              </Text>
              <ImageOf
                file={certificateImage}
                alt={t`Certificate of ${name}`}
                missing={t`No certificate image`}
              />
            </Stack>
            <Stack gap={4}>
              <Text fw={600}>
                <Trans>Passport</Trans>
              </Text>
              {identityDocumentsPublic ? (
                <ImageOf file={passportImage} alt={t`Passport of ${name}`} missing={t`No passport image`} />
              ) : (
                <Text>
                  <Trans>Identity documents are held by {issuer} and are not published.</Trans>
                </Text>
              )}
            </Stack>
          </Box>
        </Modal>
      )}
    </>
  );
}
