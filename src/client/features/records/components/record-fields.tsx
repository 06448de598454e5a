import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  type RecordFields as RecordFieldValues,
  recordFieldLabels,
  recordFieldNames,
} from '#shared/api/people.ts';
import { TEXT_FIELD_MAX_LENGTH } from '#shared/limits.ts';

const dateFields = new Set<keyof RecordFieldValues>(['dob', 'passedDate']);

const hints: Partial<Record<keyof RecordFieldValues, string>> = {
  testResult: 'For example "Passed"',
};

interface RecordFieldsProps {
  /** `(field) => form.getInputProps(field)` of the surrounding Mantine form. */
  inputProps: (field: keyof RecordFieldValues) => GetInputPropsReturnType;
}

/** The eleven personal and test fields, all required; shared by the add, renew and edit forms. */
export function RecordFields({ inputProps }: RecordFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {recordFieldNames.map((field) => (
        <TextInput
          key={field}
          label={recordFieldLabels[field]}
          description={hints[field]}
          type={dateFields.has(field) ? 'date' : 'text'}
          maxLength={TEXT_FIELD_MAX_LENGTH}
          autoComplete="off"
          required
          {...inputProps(field)}
        />
      ))}
    </SimpleGrid>
  );
}
