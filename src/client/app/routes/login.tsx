import { Anchor, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { redirectTarget } from '#client/features/auth/api/redirect-target.ts';
import { signInOptionsQuery } from '#client/features/auth/api/single-sign-on.ts';
import { ForgotPassword } from '#client/features/auth/components/forgot-password.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { SingleSignOnButton } from '#client/features/auth/components/single-sign-on-button.tsx';
import { SingleSignOnFailure } from '#client/features/auth/components/single-sign-on-failure.tsx';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(signInOptionsQuery());

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: options } = useSuspenseQuery(signInOptionsQuery());
  const from = (location.state as { from?: unknown } | null)?.from;
  // Staff sign in to work in the dashboard: that is where a sign-in without a destination leads.
  const redirectTo = redirectTarget(params.get('redirectTo') ?? from, '/dashboard');
  const provider = options.singleSignOn?.name;
  return (
    <Page title="Login" size="sm">
      <Text mb="lg">
        Staff and approved verifiers sign in here. There is no public sign-up: staff ask an administrator for
        an account, organisations{' '}
        <Anchor component={Link} to="/verifier-application">
          apply for a verifier account
        </Anchor>
        .
      </Text>
      {provider && (
        <>
          <SingleSignOnFailure code={params.get('error')} provider={provider} />
          <SingleSignOnButton name={provider} redirectTo={redirectTo} />
        </>
      )}
      {provider && options.passwordSignIn && (
        <Text mt="xl" mb="sm">
          Or sign in with your email and password:
        </Text>
      )}
      {options.passwordSignIn && (
        <>
          <LoginForm redirectTo={redirectTo} />
          <ForgotPassword />
        </>
      )}
    </Page>
  );
}
