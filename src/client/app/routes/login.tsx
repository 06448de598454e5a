import { Text } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { redirectTarget } from '#client/features/auth/api/redirect-target.ts';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const redirectTo = redirectTarget(params.get('redirectTo') ?? from);
  return (
    <Page title="Login" size="sm">
      <Text mb="lg">Staff sign in. There is no public sign-up; ask an administrator for an account.</Text>
      <LoginForm redirectTo={redirectTo} />
    </Page>
  );
}
