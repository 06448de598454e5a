import { useMutation } from '@tanstack/react-query';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import {
  type SubmitKind,
  serverFieldErrors,
  submitFailureText,
  submitMessages,
} from '../api/submit-messages.ts';

interface RecordSubmitOptions<V, R> {
  kind: SubmitKind;
  save: (values: V) => Promise<R>;
  onSaved: (saved: R) => Promise<unknown> | undefined;
  /** The form's `setErrors`: the server's field errors go under their fields. */
  setErrors: (errors: Record<string, string>) => void;
}

/** Saving a record form: the request, the server's field errors, and the outcome in words. */
export function useRecordSubmit<V, R>({ kind, save, onSaved, setErrors }: RecordSubmitOptions<V, R>) {
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstError();
      }
    },
  });
  const result = mutation.isSuccess
    ? { ok: true, text: submitMessages[kind].success }
    : mutation.isError
      ? { ok: false, text: submitFailureText(mutation.error, kind) }
      : null;
  return { submit: mutation.mutate, pending: mutation.isPending, result };
}
