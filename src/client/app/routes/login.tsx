import { Text } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { redirectTarget } from '#client/features/auth/api/redirect-target.ts';
import { ForgotPassword } from '#client/features/auth/components/forgot-password.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  // Staff sign in to work in the dashboard: that is where a sign-in without a destination leads.
  const redirectTo = redirectTarget(params.get('redirectTo') ?? from, '/dashboard');
  return (
    <Page title="Login" size="sm">
      <Text mb="lg">Staff sign in. There is no public sign-up; ask an administrator for an account.</Text>
      <LoginForm redirectTo={redirectTo} />
      <ForgotPassword />
    </Page>
  );
}
