import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { ACCEPTED_IMAGE_TYPES } from '#shared/limits.ts';
import { uploadBrandImage } from '../api/content-editor-api.ts';

interface ImageFieldProps {
  label: string;
  /** The field's path in the form, as the server names it in a refusal (`logo.src`). */
  field: string;
  value: string;
  required: boolean;
  description?: string;
  error?: string;
  onChange: (src: string | undefined) => void;
}

/**
 * An image's address, typed or set by uploading a file: the server checks the file and answers
 * the address it is stored at, which the draft then holds.
 */
export function ImageField({ label, field, value, required, description, error, onChange }: ImageFieldProps) {
  // The server shows an upload only once a draft names it: until saved, the chosen file is shown.
  const [chosen, setChosen] = useState<{ src: string; url: string } | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadBrandImage(field, file),
    onSuccess: (image, file) => {
      setChosen({ src: image.src, url: URL.createObjectURL(file) });
      onChange(image.src);
    },
  });
  const shown = chosen?.src === value ? chosen.url : value;
  const refusal =
    upload.error instanceof ApiRequestError
      ? (upload.error.body?.fields?.[field] ?? upload.error.body?.message)
      : upload.error && 'The image could not be uploaded.';
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        value={value}
        required={required}
        description={description}
        error={refusal || error}
        onChange={(event) =>
          onChange(!required && event.currentTarget.value === '' ? undefined : event.currentTarget.value)
        }
      />
      <Group gap="sm">
        <FileButton onChange={(file) => file && upload.mutate(file)} accept={ACCEPTED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} size="compact-sm" variant="default" loading={upload.isPending}>
              Upload image for {field}
            </Button>
          )}
        </FileButton>
        {(shown.startsWith('/') || shown.startsWith('blob:')) && (
          <Image src={shown} alt="" h={40} w="auto" fit="contain" />
        )}
      </Group>
    </Stack>
  );
}
