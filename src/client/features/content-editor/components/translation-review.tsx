import { Alert, Button, Card, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import type { TranslationReview as Review } from '#shared/api/content-editor.ts';
import { type Language, languageNames, translatedLanguages } from '#shared/i18n/languages.ts';
import { approveTranslation, translationReviewsQuery } from '../api/content-editor-api.ts';

const shown = (value: unknown) => (value === null || value === undefined ? '(none)' : JSON.stringify(value));

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
            {change.field}: {shown(change.before)} → {shown(change.after)}
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
  const failure =
    approve.error instanceof ApiRequestError
      ? approve.error.body?.message
      : approve.error && 'Approving failed.';
  const rows = (data ?? []).filter((review) => review.language === language);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="review-title">
      <Title order={2} size="h3" id="review-title" mb="md">
        Translation review
      </Title>
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
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
    </Card>
  );
}
