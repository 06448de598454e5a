import { Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface ShownOnceDialogProps {
  title: string;
  /** What to do with the value, above it. */
  notice: ReactNode;
  label: string;
  value: string;
  copyLabel: string;
  onClose: () => void;
}

/** A secret the portal shows one time only (a key, a link): selected on focus, with a copy button. */
export function ShownOnceDialog({ title, notice, label, value, copyLabel, onClose }: ShownOnceDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {notice}
        <TextInput label={label} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Group justify="flex-end">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-live="polite">
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
