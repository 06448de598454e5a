import { Alert, Button, Progress, Stack, Text } from '@mantine/core';

interface SubmitBarProps {
  pending: boolean;
  /** Upload progress 0–100 while files go out; null for forms without files. */
  progress?: number | null;
  pendingLabel?: string;
  result: { ok: boolean; text: string } | null;
}

/** "Submit", its working state and upload progress, then the outcome in words. */
export function SubmitBar({
  pending,
  progress = null,
  pendingLabel = 'Uploading...',
  result,
}: SubmitBarProps) {
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
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} variant="light">
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}
