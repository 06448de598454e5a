import { Alert, Button, FileInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import type { ImportKind } from '#shared/api/imports.ts';
import { importFailureText } from '../api/import-failure-text.ts';
import { type ImportFiles, uploadImport } from '../api/upload-import.ts';
import { ImportProgress } from './import-progress.tsx';

// Mantine's placeholder grey is 2.1:1 on white; the darker grey passes 4.5:1.
const placeholderStyles = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

interface ImportUploadFormProps {
  kind: ImportKind;
  /** The server took the file and is checking it: the import's id. */
  onUploaded: (id: string) => void;
}

interface UploadValues {
  csv: File | null;
  zip: File | null;
}

/** Chooses the CSV (and, for people, the ZIP of files) and sends them with upload progress. */
export function ImportUploadForm({ kind, onUploaded }: ImportUploadFormProps) {
  const [percent, setPercent] = useState(0);
  const form = useForm<UploadValues>({
    initialValues: { csv: null, zip: null },
    validate: { csv: (file) => (file ? null : 'CSV file is required') },
  });
  const upload = useMutation({
    mutationFn: (files: ImportFiles) => {
      setPercent(0);
      return uploadImport(kind, files, setPercent);
    },
    onSuccess: ({ id }) => onUploaded(id),
  });

  return (
    <form
      noValidate
      aria-label="Upload a CSV file"
      onSubmit={form.onSubmit(({ csv, zip }) => {
        if (csv) upload.mutate({ csv, zip });
      }, focusFirstError)}
    >
      <Stack gap="md" maw={560}>
        <FileInput
          label="CSV file"
          description="The template's columns, one record per row."
          placeholder="Choose a CSV file"
          accept=".csv,text/csv"
          required
          clearable
          disabled={upload.isPending}
          styles={placeholderStyles}
          clearButtonProps={{ 'aria-label': 'Remove the chosen CSV file' }}
          {...form.getInputProps('csv')}
        />
        {kind === 'people' && (
          <FileInput
            label="Images and PDFs (ZIP, optional)"
            description="The files the CSV names, in one ZIP file."
            placeholder="Choose a ZIP file"
            accept=".zip,application/zip"
            clearable
            disabled={upload.isPending}
            styles={placeholderStyles}
            clearButtonProps={{ 'aria-label': 'Remove the chosen ZIP file' }}
            {...form.getInputProps('zip')}
          />
        )}
        <Button type="submit" w="fit-content" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload and check'}
        </Button>
        {upload.isPending && <ImportProgress label="Uploading" percent={percent} />}
        {upload.isError && (
          <Alert color="red.9" variant="outline" role="alert" title="Not uploaded">
            {importFailureText(upload.error, 'upload')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
