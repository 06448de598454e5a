import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Form, Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { searchQuery } from '#client/features/search/api/search-query.ts';
import { queryClient } from '#client/lib/query-client.ts';

const queryOf = (url: string) => new URL(url).searchParams.get('q')?.trim() ?? '';

export const loader = ({ request }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(searchQuery(queryOf(request.url)));

// What the API calls each kind of result, shown in the page's language.
const kinds: Record<string, MessageDescriptor> = {
  Course: msg`Course`,
  Career: msg`Career`,
  Resource: msg`Resource`,
  'e-Service': msg`e-Service`,
  FAQ: msg`FAQ`,
  Page: msg`Page`,
};

export function Component() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const { data } = useSuspenseQuery(searchQuery(query));
  const { t, i18n } = useLingui();
  const count = data.results.length;
  // The query as the sentences below show it (their translations name it `q`): a quoted phrase
  // once, in the sentence's own quotation marks, not inside them again.
  const q = /^"[^"]*"$/.test(query) ? query.slice(1, -1) : query;
  return (
    <Page title={t`Search`}>
      <search>
        <Form method="get" action="/search">
          <Group align="flex-end" wrap="nowrap" mb="lg">
            <TextInput
              flex={1}
              name="q"
              key={query}
              defaultValue={query}
              label={t`Search this site`}
              placeholder={t`Include " " for better search results`}
            />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
          </Group>
        </Form>
      </search>
      {query && (
        <Text role="status" mb="md">
          {count === 0
            ? t`No results for “${q}”.`
            : t`${plural(count, { one: '# result', other: '# results' })} for “${q}”`}
        </Text>
      )}
      <Stack component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {data.results.map((result) => {
          const external = /^https?:/.test(result.href);
          const kind = kinds[result.kind];
          return (
            <Card key={`${result.kind}:${result.href}:${result.title}`} component="li" withBorder>
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                {kind ? i18n._(kind) : result.kind}
              </Text>
              {external ? (
                <Anchor href={result.href} target="_blank" rel="noopener noreferrer" fw={700}>
                  {result.title}
                </Anchor>
              ) : (
                <Anchor component={Link} to={result.href} fw={700}>
                  {result.title}
                </Anchor>
              )}
              <Text size="sm">{result.excerpt}</Text>
            </Card>
          );
        })}
      </Stack>
    </Page>
  );
}
