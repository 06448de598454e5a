import { Group, Image, Stack, Text } from '@mantine/core';
import { MissingFile } from '#client/components/media/missing-file.tsx';
import type { FileView } from '#shared/api/certificates.ts';

interface RecordThumbnailsProps {
  name: string;
  files: { label: string; file: FileView | null }[];
}

/** Small previews of a record's images, each with its alt text, or a frame saying which is missing. */
export function RecordThumbnails({ name, files }: RecordThumbnailsProps) {
  return (
    <Group gap="sm" align="flex-start">
      {files.map(({ label, file }) => (
        <Stack key={label} gap={2} align="center" component="figure" m={0} w={88}>
          {file ? (
            <Image
              src={file.thumbnailUrl ?? file.url}
              alt={`${label} of ${name}`}
              h={64}
              w={88}
              fit="contain"
              radius="sm"
              bg="gray.1"
              loading="lazy"
            />
          ) : (
            <MissingFile text={`No ${label.toLowerCase()} image`} h={64} w={88} />
          )}
          <Text component="figcaption" size="xs">
            {label}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
