import { Progress, Stack, Text } from '@mantine/core';

interface ImportProgressProps {
  /** What is under way, e.g. "Uploading"; the bar's accessible name. */
  label: string;
  /** 0–100. */
  percent: number;
}

/** One step of an import as a bar and in words ("Checking rows… 40 %"). */
export function ImportProgress({ label, percent }: ImportProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Stack gap={4} maw={560}>
      {/* The bar carries the name and value for screen readers; the line below repeats it for sight. */}
      <Progress value={value} size="lg" aria-label={label} striped />
      <Text size="sm" aria-hidden>
        {label}… {value} %
      </Text>
    </Stack>
  );
}
