import { Stack, Text } from '@mantine/core';

interface MissingFileProps {
  /** What is missing, in words: "No passport image". */
  text: string;
  h?: number | string;
  w?: number | string;
}

/**
 * The frame of an image a record does not have (imported people may have none yet): the same
 * size as the image would take, saying what is missing, never an empty or broken <img>.
 */
export function MissingFile({ text, h, w }: MissingFileProps) {
  return (
    <Stack
      h={h}
      w={w}
      p={4}
      gap={0}
      justify="center"
      align="center"
      bg="gray.0"
      style={{ border: '1px dashed var(--mantine-color-gray-6)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="xs" c="dimmed" ta="center" lh={1.2}>
        {text}
      </Text>
    </Stack>
  );
}
