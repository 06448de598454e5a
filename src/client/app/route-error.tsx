import { Alert, Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** Shown when a page's data cannot load: plain words, a way home, never a stack trace. */
export function RouteError() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Alert color="red" title="This page could not be loaded">
          The service is not available right now. Please try again later.
        </Alert>
        <Button component={Link} to="/" variant="light" w="fit-content">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
