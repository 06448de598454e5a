import { Anchor, Card, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { MissingFile } from '#client/components/media/missing-file.tsx';
import type { FileView } from '#shared/api/certificates.ts';
import type { ImageEntry } from '../api/images-query.ts';

export interface EnlargedImage {
  src: string;
  alt: string;
}

interface ImageEntryCardProps {
  entry: ImageEntry;
  onEnlarge: (image: EnlargedImage) => void;
}

export function ImageEntryCard({ entry, onEnlarge }: ImageEntryCardProps) {
  const headingId = useId();
  const images: [string, FileView | null][] = [
    ['Signature', entry.signatureImage],
    ['Passport', entry.passportImage],
    ['Certificate', entry.certificateImage],
  ];
  return (
    <Card withBorder component="article" aria-labelledby={headingId} padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {entry.name}
        </Title>
        <Text size="sm">
          FIN No: {entry.finNumber} · e-Cert No: {entry.eCertNumber}
        </Text>
        <Group gap="sm" align="flex-start">
          {images.map(([label, file]) => {
            const alt = `${label} of ${entry.name}`;
            return (
              <Stack key={label} gap={2} align="center" w={96}>
                {file ? (
                  <UnstyledButton
                    onClick={() => onEnlarge({ src: file.url, alt })}
                    aria-label={`Enlarge: ${alt}`}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    <Image
                      src={file.thumbnailUrl ?? file.url}
                      alt={alt}
                      h={72}
                      w={96}
                      fit="contain"
                      bg="gray.1"
                      radius="sm"
                      loading="lazy"
                    />
                  </UnstyledButton>
                ) : (
                  <MissingFile text={`No ${label.toLowerCase()} image`} h={72} w={96} />
                )}
                <Text size="xs">{label}</Text>
              </Stack>
            );
          })}
        </Group>
        {entry.pdf ? (
          <Anchor href={entry.pdf.url} target="_blank" rel="noopener noreferrer" underline="always">
            View PDF
          </Anchor>
        ) : (
          <Text size="sm">No PDF</Text>
        )}
      </Stack>
    </Card>
  );
}
