import { Trans, useLingui } from '@lingui/react/macro';
import { Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MissingFile } from '#client/components/media/missing-file.tsx';
import type { FileView } from '#shared/api/certificates.ts';

/** The signature in its three states: shown, failed to load, or absent; it hydrates when it fails. */
export function SignatureImage({ file, name }: { file: FileView | null; name: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  // The image failed before React was listening: that is what hydrated this island.
  const failedAlready = (image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  };
  if (!file) return <MissingFile text={t`No signature available`} h={80} w={200} />;
  if (failed)
    return (
      <Text c="red.8">
        <Trans>Signature failed to load</Trans>
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start" component="figure" m={0}>
      <Image
        src={file.url}
        alt={t`Signature of ${name}`}
        h={80}
        w="auto"
        fit="contain"
        ref={failedAlready}
        onError={() => setFailed(true)}
      />
      <Text component="figcaption" size="sm" c="dimmed">
        <Trans>Signature</Trans>
      </Text>
    </Stack>
  );
}
