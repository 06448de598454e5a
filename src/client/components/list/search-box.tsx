import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';

interface SearchBoxProps {
  q: string;
  label: string;
  /** Other `?name=value` the list keeps across a search (e.g. which kind of record it shows). */
  keep?: Record<string, string>;
}

/** One search box; submitting (button or Enter) puts `?q=` in the URL and starts at page 1. */
export function SearchBox({ q, label, keep = {} }: SearchBoxProps) {
  const { pathname } = useLocation();
  const cleared = `${pathname}${Object.keys(keep).length ? `?${new URLSearchParams(keep)}` : ''}`;
  return (
    <search>
      <Form method="get" action={pathname}>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group align="flex-end" wrap="nowrap">
          <TextInput flex={1} maw={560} name="q" key={q} defaultValue={q} label={label} maxLength={200} />
          <Button type="submit">Search</Button>
          {q && (
            <Anchor component={Link} to={cleared} mb={8} underline="always">
              Clear search
            </Anchor>
          )}
        </Group>
      </Form>
    </search>
  );
}
