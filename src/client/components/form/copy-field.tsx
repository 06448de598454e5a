import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Buttons after Copy, e.g. a dialog's Done. */
  children?: ReactNode;
}

/** A secret or link shown once: read-only, selected on focus, copied whole with one click. */
export function CopyField({ label, value, children }: CopyFieldProps) {
  return (
    <>
      <TextInput label={label} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} aria-live="polite">
              {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
            </Button>
          )}
        </CopyButton>
        {children}
      </Group>
    </>
  );
}
