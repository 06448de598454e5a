import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { setAt, shapeOf } from '#client/lib/schema-shape.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import type { ContentFileView } from '#shared/api/content-editor.ts';
import { type ContentFileName, contentFileNames, contentFileSchema } from '#shared/api/content-files.ts';
import { type Language, languageNames, languages } from '#shared/i18n/languages.ts';
import { contentFileQuery, discardDraft, type FileKey, saveDraft } from '../api/content-editor-api.ts';
import { EditorSection } from './editor-section.tsx';
import { PreviewButtons } from './preview-buttons.tsx';
import { SchemaField } from './schema-fields.tsx';

const fileLabels: Partial<Record<ContentFileName, string>> = { site: 'Brand (names, logo, tagline)' };
const fileChoices = contentFileNames.map((name) => ({ value: name, label: fileLabels[name] ?? name }));
const languageChoices = languages.map((language) => ({ value: language, label: languageNames[language] }));

/** Choose a page and a language, then edit it in the form its schema makes. */
export function PageEditor() {
  const [file, setFile] = useState<FileKey>({ language: 'en', name: 'home' });
  const query = useQuery(contentFileQuery(file));
  return (
    <EditorSection id="page-editor-title" title="Edit a page">
      <Group mb="md">
        <NativeSelect
          label="Page"
          data={fileChoices}
          value={file.name}
          onChange={(event) => setFile({ ...file, name: event.currentTarget.value as ContentFileName })}
        />
        <NativeSelect
          label="Language"
          data={languageChoices}
          value={file.language}
          onChange={(event) => setFile({ ...file, language: event.currentTarget.value as Language })}
        />
      </Group>
      {query.data ? (
        <FileForm key={`${file.language}/${file.name}/${query.data.stamp}`} view={query.data} />
      ) : (
        <Text>{query.isError ? 'This page could not be loaded.' : 'Loading...'}</Text>
      )}
    </EditorSection>
  );
}

function FileForm({ view }: { view: ContentFileView }) {
  const queryClient = useQueryClient();
  const file = { language: view.language, name: view.name };
  const schema = contentFileSchema(view.language, view.name);
  const shape = useMemo(() => shapeOf(schema), [schema]);
  const translation = view.language !== 'en';
  // A translation that has no file of its own starts from the English it stands in for.
  const [value, setValue] = useState<unknown>(
    view.draft?.body ?? view.published ?? (view.name === 'site' ? {} : view.english),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content-editor'] });
  const save = useMutation({
    mutationFn: () => saveDraft(file, value, view.stamp),
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
    },
  });
  const discard = useMutation({ mutationFn: () => discardDraft(file), onSuccess: refresh });
  const failure =
    save.error instanceof ApiRequestError
      ? save.error.body?.message
      : save.error && 'The draft could not be saved.';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateWith(schema)(value);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`${view.name} in ${languageNames[view.language]}`}>
      <Stack>
        <Text size="sm">
          {view.draft
            ? `Draft saved by ${view.draft.updatedBy} at ${new Date(view.draft.updatedAt).toLocaleString()}; not published yet.`
            : `Published version ${view.version}; no draft.`}
        </Text>
        <SchemaField
          shape={shape}
          label={view.name}
          path={[]}
          value={value}
          english={translation ? view.english : undefined}
          errors={errors}
          onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))}
        />
        {Object.keys(errors).length > 0 && !failure && (
          <Alert color="red" role="alert">
            Some fields need attention: {Object.keys(errors).join(', ')}.
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
          {view.draft && (
            <Button variant="default" onClick={() => discard.mutate()} loading={discard.isPending}>
              Discard draft
            </Button>
          )}
          <PreviewButtons file={file} />
        </Group>
      </Stack>
    </form>
  );
}
