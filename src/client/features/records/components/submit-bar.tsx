import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

interface SubmitBarProps {
  pending: boolean;
  /** Upload progress 0–100 while files go out; null for forms without files. */
  progress?: number | null;
  pendingLabel?: string;
  result: { ok: boolean; text: string } | null;
  /** Shown under a success: links to what was just saved. */
  afterSuccess?: ReactNode;
}

/** "Submit", its working state and upload progress, then the outcome in words. */
export function SubmitBar({
  pending,
  progress = null,
  pendingLabel = 'Uploading...',
  result,
  afterSuccess,
}: SubmitBarProps) {
  const resultRef = useRef<HTMLDivElement>(null);
  // The outcome appears under the button, often below the fold of a long form: bring it into view.
  useEffect(() => {
    if (result && !pending) resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result, pending]);
  return (
    <Stack gap="sm" maw={560}>
      <Button type="submit" disabled={pending} w="fit-content" size="md">
        {pending ? pendingLabel : 'Submit'}
      </Button>
      {pending && progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} size="lg" aria-label="Upload progress" striped animated />
          <Text size="sm" aria-hidden>
            {progress}% uploaded
          </Text>
        </Stack>
      )}
      {result && !pending && (
        <Alert
          ref={resultRef}
          color={result.ok ? 'green' : 'red'}
          role={result.ok ? 'status' : 'alert'}
          variant="light"
          style={{ scrollMarginBottom: 'var(--mantine-spacing-md)' }}
        >
          {result.text}
        </Alert>
      )}
      {result?.ok && !pending && afterSuccess}
    </Stack>
  );
}
