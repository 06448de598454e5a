import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UnsavedChangesGuard } from '#client/components/form/unsaved-changes-guard.tsx';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import type { PersonView } from '#shared/api/people.ts';
import { recordPath } from '#shared/record-page.ts';
import {
  emptyPersonForm,
  noFiles,
  type PersonFormValues,
  validatePersonForm,
} from '../api/person-form-values.ts';
import { recordValuesOf } from '../api/record-values.ts';
import { createPerson, updatePerson } from '../api/save-person.ts';
import { FormSection } from './form-section.tsx';
import { keepSavedRecord } from './keep-saved-record.ts';
import { PersonFileInputs } from './person-file-inputs.tsx';
import { RecordFields } from './record-fields.tsx';
import { SavedRecordLinks } from './saved-record-links.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { useRecordSubmit } from './use-record-submit.ts';

/** Adds a person with their documents, or edits one (`person` given) keeping files not replaced. */
export function PersonForm({ person }: { person?: PersonView }) {
  const kind = person ? 'update' : 'create';
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  // Remounting the file inputs empties the browser's own file pickers after a save.
  const [filesKey, setFilesKey] = useState(0);
  const [added, setAdded] = useState<PersonView | null>(null);
  const form = useForm<PersonFormValues>({
    initialValues: person ? { ...recordValuesOf(person), ...noFiles() } : emptyPersonForm(),
    validate: validatePersonForm(!person),
  });

  const { submit, pending, result } = useRecordSubmit({
    kind,
    setErrors: form.setErrors,
    save: (values: PersonFormValues) => {
      setProgress(0);
      return person ? updatePerson(person.id, values, setProgress) : createPerson(values, setProgress);
    },
    onSaved: (saved) => {
      setFilesKey((key) => key + 1);
      return keepSavedRecord({
        kind: 'people',
        queryClient,
        form,
        editedId: person?.id,
        saved,
        valuesOf: (fields) => ({ ...fields, ...noFiles() }),
        onAdded: setAdded,
      });
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => submit(values), focusFirstError)}>
      <Stack gap="xl">
        <FormSection title="Personal Information">
          <RecordFields inputProps={(field) => form.getInputProps(field)} />
        </FormSection>
        <FormSection title="Upload Documents">
          <PersonFileInputs
            key={filesKey}
            inputProps={(field) => form.getInputProps(field)}
            current={
              person && {
                passportImage: person.passportImage,
                certificateImage: person.certificateImage,
                signatureImage: person.signatureImage,
                pdf: person.pdf,
              }
            }
            personName={person?.name}
          />
        </FormSection>
        <SubmitBar
          pending={pending}
          progress={progress}
          result={result}
          afterSuccess={
            added && (
              <SavedRecordLinks
                record={added}
                editPath={`/dashboard/updatepeople/${added.id}`}
                publicPath={recordPath(added.id)}
              />
            )
          }
        />
        <UnsavedChangesGuard when={form.isDirty()} />
      </Stack>
    </form>
  );
}
