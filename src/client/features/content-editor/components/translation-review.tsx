import { Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import type { TranslationReview as Review } from '#shared/api/content-editor.ts';
import { type Language, languageNames, translatedLanguages } from '#shared/i18n/languages.ts';
import { approveTranslation, translationReviewsQuery } from '../api/content-editor-api.ts';
import { EditorSection } from './editor-section.tsx';
import { FailureAlert, shownValue } from './failure-alert.tsx';

function ReviewState({ review }: { review: Review }) {
  if (review.state === 'prepared') return <>Prepared for review</>;
  const approved = `Approved by ${review.approvedBy} on ${new Date(review.approvedAt ?? '').toLocaleString()}`;
  if (review.state === 'approved') return <>{approved}</>;
  return (
    <>
      Outdated: the English changed after it was {approved.toLowerCase()}:
      <ul>
        {review.changes.map((change) => (
          <li key={change.field}>
            {change.field}: {shownValue(change.before)} → {shownValue(change.after)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Each translated page's review state in one language. A reviewer corrects a translation in the
 * editor above, where the English stands beside each field, publishes it, and approves it here.
 */
export function TranslationReviewPanel() {
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>('ms');
  const { data } = useQuery(translationReviewsQuery());
  const approve = useMutation({
    mutationFn: approveTranslation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['content-editor', 'reviews'] }),
  });
  const rows = (data ?? []).filter((review) => review.language === language);
  return (
    <EditorSection id="review-title" title="Translation review">
      <Stack>
        <Text>
          Correct a translation in the editor above, with the English beside it, and publish it; then approve
          it here. A change to the English afterwards marks it outdated, with what changed.
        </Text>
        <NativeSelect
          label="Translation"
          w="fit-content"
          data={translatedLanguages.map((l) => ({ value: l, label: languageNames[l] }))}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value as Language)}
        />
        <FailureAlert error={approve.error} fallback="Approving failed." />
        <Table>
          <ColumnHeads names={['Page', 'State', 'Action']} />
          <Table.Tbody>
            {rows.map((review) => (
              <Table.Tr key={review.name}>
                <Table.Td>{review.name}</Table.Td>
                <Table.Td>
                  <ReviewState review={review} />
                </Table.Td>
                <Table.Td>
                  {review.state !== 'approved' && (
                    <Button size="compact-sm" variant="default" onClick={() => approve.mutate(review)}>
                      Approve {review.name} in {languageNames[review.language]}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </EditorSection>
  );
}
