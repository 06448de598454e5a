import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * "Person deleted successfully" with its Undo. The deleted card and the button that deleted it are
 * gone, so keyboard focus comes here; while it is here the notification stays open.
 */
export function DeletedNotice({ text, onUndo }: { text: string; onUndo: () => void }) {
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => undo.current?.focus(), []);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{text}</Text>
      <Button ref={undo} size="compact-sm" variant="outline" onClick={onUndo}>
        Undo
      </Button>
    </Group>
  );
}
