import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '#client/lib/api-client.ts';
import type { ImportKind, ImportView } from '#shared/api/imports.ts';
import { importQuery } from '../api/import-query.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import { ImportReview } from './import-review.tsx';

interface ImportStatusProps {
  kind: ImportKind;
  id: string;
  /** Uploaded from this page just now: until the server answers, the file is being checked. */
  fresh: boolean;
  /** Where choosing another file starts. */
  restart: string;
  onDone: () => void;
}

type Phase = 'loading' | 'unavailable' | ImportView['status'];

const headings: Record<Phase, string> = {
  loading: 'Loading the import',
  unavailable: 'Import not available',
  checking: 'Checking the file',
  ready: 'Review the import',
  committing: 'Saving the records',
  done: 'Import finished',
  failed: 'Import failed',
};

/** One import, from the server's check to its saved records, polled while the server works. */
export function ImportStatus({ kind, id, fresh, restart, onDone }: ImportStatusProps) {
  const { data: view, isError, error } = useQuery(importQuery(kind, id));
  const phase: Phase = view ? view.status : isError ? 'unavailable' : fresh ? 'checking' : 'loading';

  // Each step replaces the controls of the one before: focus moves to the new step's heading, so
  // keyboard and screen reader users continue from there. Not on the first step a reload shows.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(fresh);
  useEffect(() => {
    if (phase === 'loading') return;
    if (moveFocus.current) headingRef.current?.focus();
    moveFocus.current = true;
  }, [phase]);

  const finished = view?.status === 'done';
  const done = useEffectEvent(onDone);
  useEffect(() => {
    if (finished) done();
  }, [finished]);

  const anotherFile = (
    <Button component={Link} to={restart} variant="outline" w="fit-content">
      Choose another file
    </Button>
  );

  return (
    <Stack component="section" aria-labelledby="import-step" gap="md">
      <Title order={2} size="h3" id="import-step" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {headings[phase]}
      </Title>
      {view && <Text>File: {view.fileName}</Text>}
      {phase === 'loading' && <Loader aria-label="Loading the import" />}
      {phase === 'unavailable' && (
        <>
          <Alert color="red.9" variant="outline" role="alert" maw={760}>
            {error instanceof ApiRequestError && error.status === 404
              ? 'This import does not exist any more. Choose the file again to start a new import.'
              : 'The import could not be loaded. Reload the page to try again.'}
          </Alert>
          {anotherFile}
        </>
      )}
      {phase === 'checking' && <ImportProgress label="Checking rows" percent={(view?.progress ?? 0) * 100} />}
      {phase === 'committing' && (
        <ImportProgress label="Saving records" percent={(view?.progress ?? 0) * 100} />
      )}
      {view?.status === 'ready' && <ImportReview view={view} />}
      {view?.status === 'done' && <ImportResult view={view} restart={restart} />}
      {view?.status === 'failed' && (
        <>
          <Alert color="red.9" variant="outline" role="alert" maw={760}>
            {view.message ?? 'The import failed.'}
          </Alert>
          {view.committable ? <ImportReview view={view} again /> : anotherFile}
        </>
      )}
    </Stack>
  );
}
