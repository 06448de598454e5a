import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ImportKind } from '#shared/api/imports.ts';
import { ImportStatus } from './import-status.tsx';
import { ImportUploadForm } from './import-upload-form.tsx';

interface ImportFlowProps {
  kind: ImportKind;
  /** The import has saved its records: lists and counts that show them are out of date. */
  onDone: () => void;
}

/**
 * The form, then the import it started. The import's id lives in the URL (`?id=`), so a reload or
 * a shared link resumes the review where the server has it.
 */
export function ImportFlow({ kind, onDone }: ImportFlowProps) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const id = params.get('id');
  if (!id) {
    return (
      <ImportUploadForm
        kind={kind}
        onUploaded={(newId) => {
          setUploadedId(newId);
          setParams({ id: newId });
        }}
      />
    );
  }
  return (
    <ImportStatus key={id} kind={kind} id={id} fresh={id === uploadedId} restart={pathname} onDone={onDone} />
  );
}
