import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';

/** One search box; submitting (button or Enter) puts `?q=` in the URL and starts at page 1. */
export function SearchBox({ q, label }: { q: string; label: string }) {
  const { pathname } = useLocation();
  return (
    <search>
      <Form method="get" action={pathname}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput flex={1} maw={560} name="q" key={q} defaultValue={q} label={label} maxLength={200} />
          <Button type="submit">Search</Button>
          {q && (
            <Anchor component={Link} to={pathname} mb={8} underline="always">
              Clear search
            </Anchor>
          )}
        </Group>
      </Form>
    </search>
  );
}
