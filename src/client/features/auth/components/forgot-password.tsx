import { Anchor, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { PASSWORD_RESET_LINK_HOURS } from '#shared/api/password-reset.ts';

/**
 * "Forgot password?" says what to do: the portal sends no email (there is no mail server by
 * default), so an administrator makes a one-time reset link and hands it over.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <Stack gap="xs" mt="lg" maw={420}>
      <Anchor
        component="button"
        type="button"
        w="fit-content"
        underline="always"
        aria-expanded={open}
        aria-controls={answerId}
        onClick={() => setOpen((value) => !value)}
      >
        Forgot password?
      </Anchor>
      <Text id={answerId} hidden={!open}>
        Ask an administrator of this portal for a password reset link; they make one under Users in the
        dashboard. Open it within {PASSWORD_RESET_LINK_HOURS} hours to choose a new password. It works once.
      </Text>
    </Stack>
  );
}
