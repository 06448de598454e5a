import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useRouteError } from 'react-router';
import { loginHref } from '#client/features/auth/api/redirect-target.ts';
import { ApiRequestError } from '#client/lib/api-client.ts';

/** A staff page that could not load: signed out → login; gone → say so; else plain words. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = error instanceof ApiRequestError ? error.status : null;
  if (status === 401) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  // Administrators must set up two-factor sign-in first, on the Account page.
  if (error instanceof ApiRequestError && error.body?.code === 'TWO_FACTOR_REQUIRED')
    return <Navigate to="/dashboard/account" replace />;

  const [title, text] =
    status === 404
      ? ['Not found', 'This record does not exist or has been deleted.']
      : status === 403
        ? ['Not allowed', 'You do not have permission to see this page.']
        : [
            'This page could not be loaded',
            'The service is not available right now. Please try again later.',
          ];
  return (
    <Stack maw={640}>
      <title>{title}</title>
      <Title order={1}>{title}</Title>
      <Alert color="red" role="alert">
        {text}
      </Alert>
      <Button component={Link} to="/dashboard" variant="light" w="fit-content">
        Back to the dashboard
      </Button>
    </Stack>
  );
}
