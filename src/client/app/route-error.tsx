import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** Shown when a page's data cannot load: plain words, a way home, never a stack trace. */
export function RouteError() {
  const { t } = useLingui();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Alert color="red" title={t`This page could not be loaded`}>
          <Trans>The service is not available right now. Please try again later.</Trans>
        </Alert>
        <Button component={Link} to="/" variant="light" w="fit-content">
          <Trans>Go to the home page</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
