import { Anchor, Stack } from '@mantine/core';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { checkResetLink } from '#client/features/auth/api/password-reset.ts';
import { AuthFailure } from '#client/features/auth/components/auth-failure.tsx';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { ApiRequestError } from '#client/lib/api-client.ts';

const incomplete = new ApiRequestError(400, {
  statusCode: 400,
  code: 'INVALID_INPUT',
  message: 'This password reset link is incomplete. Open the whole link the administrator gave you.',
});

/** Whether the link still works, asked before the form shows (a used link offers no form). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { token, email: null, error: incomplete };
  try {
    const { email } = await checkResetLink(token);
    return { token, email, error: null };
  } catch (error) {
    return { token, email: null, error };
  }
}

export function Component() {
  const { token, email, error } = useLoaderData<typeof loader>();
  return (
    <Page title="Reset password" size="sm">
      {email ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <Stack maw={420}>
          <AuthFailure error={error} />
          <Anchor component={Link} to="/login" underline="always" w="fit-content">
            Go to the login page
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}
