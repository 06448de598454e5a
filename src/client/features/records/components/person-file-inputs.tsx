import { Anchor, FileInput, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FileView } from '#shared/api/certificates.ts';
import { ACCEPTED_IMAGE_TYPES } from '#shared/limits.ts';
import { fileLabels, type PersonFiles } from '../api/person-form-values.ts';

const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
// Mantine's placeholder grey is 2.1:1 on white; the darker grey passes 4.5:1.
const placeholderStyles = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const fields = ['passportImage', 'certificateImage', 'signatureImage', 'pdf'] as const;

interface PersonFileInputsProps {
  inputProps: (field: keyof PersonFiles) => GetInputPropsReturnType;
  /** The stored files of a record being edited; a field left empty keeps its file. */
  current?: Record<keyof PersonFiles, FileView | null>;
  personName?: string;
}

export function PersonFileInputs({ inputProps, current, personName = 'this person' }: PersonFileInputsProps) {
  const editing = current !== undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((field) => {
        const isPdf = field === 'pdf';
        const stored = current?.[field] ?? null;
        return (
          <Stack key={field} gap={6}>
            <FileInput
              name={field}
              label={isPdf ? 'PDF (optional)' : fileLabels[field]}
              description={
                editing
                  ? 'Leave empty to keep the current file.'
                  : isPdf
                    ? 'PDF only, up to 20 MB.'
                    : 'PNG, JPEG, WebP or GIF, up to 10 MB.'
              }
              placeholder={isPdf ? 'Choose a PDF' : 'Choose an image'}
              accept={isPdf ? 'application/pdf' : IMAGE_ACCEPT}
              required={!editing && !isPdf}
              clearable
              styles={placeholderStyles}
              clearButtonProps={{ 'aria-label': `Remove the chosen ${fileLabels[field].toLowerCase()}` }}
              {...inputProps(field)}
            />
            {editing && <CurrentFile file={stored} label={fileLabels[field]} personName={personName} />}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

function CurrentFile({
  file,
  label,
  personName,
}: {
  file: FileView | null;
  label: string;
  personName: string;
}) {
  if (!file) return <Text size="sm">Current: none</Text>;
  if (file.contentType === 'application/pdf') {
    return (
      <Text size="sm">
        Current:{' '}
        <Anchor href={file.url} target="_blank" rel="noopener noreferrer" underline="always">
          open the current PDF
        </Anchor>
      </Text>
    );
  }
  return (
    <Image
      src={file.thumbnailUrl ?? file.url}
      alt={`Current ${label.toLowerCase()} of ${personName}`}
      h={96}
      w="auto"
      fit="contain"
      radius="sm"
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
