import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UnsavedChangesGuard } from '#client/components/form/unsaved-changes-guard.tsx';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import {
  type RecordFields as RecordFieldValues,
  type RenewalView,
  recordFields,
} from '#shared/api/people.ts';
import { emptyRecord, recordValuesOf } from '../api/record-values.ts';
import { createRenewal, updateRenewal } from '../api/save-renewal.ts';
import { FormSection } from './form-section.tsx';
import { keepSavedRecord } from './keep-saved-record.ts';
import { RecordFields } from './record-fields.tsx';
import { SavedRecordLinks } from './saved-record-links.tsx';
import { SubmitBar } from './submit-bar.tsx';
import { useRecordSubmit } from './use-record-submit.ts';

/** Adds a renewal record, or edits one (`renewal` given). */
export function RenewalForm({ renewal }: { renewal?: RenewalView }) {
  const kind = renewal ? 'update' : 'create';
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<RenewalView | null>(null);
  const form = useForm<RecordFieldValues>({
    initialValues: renewal ? recordValuesOf(renewal) : emptyRecord(),
    validate: validateWith(recordFields),
  });

  const { submit, pending, result } = useRecordSubmit({
    kind,
    setErrors: form.setErrors,
    save: (values: RecordFieldValues) =>
      renewal ? updateRenewal(renewal.id, values) : createRenewal(values),
    onSaved: (saved) =>
      keepSavedRecord({
        kind: 'renewals',
        queryClient,
        form,
        editedId: renewal?.id,
        saved,
        valuesOf: (fields) => fields,
        onAdded: setAdded,
      }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => submit(values), focusFirstError)}>
      <Stack gap="xl">
        <FormSection title="Personal Information">
          <RecordFields inputProps={(field) => form.getInputProps(field)} />
        </FormSection>
        <SubmitBar
          pending={pending}
          pendingLabel="Submitting..."
          result={result}
          afterSuccess={
            added && <SavedRecordLinks record={added} editPath={`/dashboard/renew-update/${added.id}`} />
          }
        />
        <UnsavedChangesGuard when={form.isDirty()} />
      </Stack>
    </form>
  );
}
