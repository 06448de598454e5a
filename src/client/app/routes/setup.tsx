import { Alert, Anchor, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { setupStatusQuery } from '#client/features/auth/api/setup.ts';
import { SetupForm } from '#client/features/auth/components/setup-form.tsx';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = () => queryClient.fetchQuery(setupStatusQuery());

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data } = useSuspenseQuery(setupStatusQuery());
  return (
    <Page title="First-time setup" size="sm">
      {!data.needed ? (
        <Text>
          Setup is already complete.{' '}
          <Anchor component={Link} to="/login" underline="always">
            Go to the login page
          </Anchor>
        </Text>
      ) : !token ? (
        <Alert color="red" role="alert">
          This setup link is incomplete. Open the link the server printed when it started.
        </Alert>
      ) : (
        <>
          <Text mb="lg">Create the first administrator account for this portal.</Text>
          <SetupForm token={token} />
        </>
      )}
    </Page>
  );
}
