import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Form, Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { searchQuery } from '#client/features/search/api/search-query.ts';
import { queryClient } from '#client/lib/query-client.ts';

const queryOf = (url: string) => new URL(url).searchParams.get('q')?.trim() ?? '';

export const loader = ({ request }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(searchQuery(queryOf(request.url)));

export function Component() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const { data } = useSuspenseQuery(searchQuery(q));
  return (
    <Page title="Search">
      <search>
        <Form method="get" action="/search">
          <Group align="flex-end" wrap="nowrap" mb="lg">
            <TextInput
              flex={1}
              name="q"
              key={q}
              defaultValue={q}
              label="Search this site"
              placeholder={'Include " " for better search results'}
            />
            <Button type="submit">Search</Button>
          </Group>
        </Form>
      </search>
      {q && (
        <Text role="status" mb="md">
          {data.results.length === 0
            ? `No results for “${q}”.`
            : `${data.results.length} result${data.results.length === 1 ? '' : 's'} for “${q}”`}
        </Text>
      )}
      <Stack component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {data.results.map((result) => {
          const external = /^https?:/.test(result.href);
          return (
            <Card key={`${result.kind}:${result.href}:${result.title}`} component="li" withBorder>
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                {result.kind}
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
