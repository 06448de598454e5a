import { Alert, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type CredentialVerification, credentialCheckLabels } from '#shared/api/credentials.ts';

const looks = {
  pass: { color: 'green.9', Icon: IconCircleCheck, word: 'Passed' },
  fail: { color: 'red.9', Icon: IconCircleX, word: 'Failed' },
  unchecked: { color: 'orange.9', Icon: IconAlertTriangle, word: 'Not checked' },
} as const;

/** One line per check, each saying its outcome in words as well as colour. */
export function CredentialChecks({ result }: { result: CredentialVerification }) {
  return (
    <Stack gap="md">
      <Alert
        color={result.verified ? 'green.9' : 'red.9'}
        title={result.verified ? 'Every check passed' : 'This credential is not verified'}
        role="status"
      >
        {result.verified
          ? 'The credential is well formed, signed by this portal, not revoked and within its dates.'
          : 'At least one check below failed or could not be made.'}
      </Alert>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Checks">
        {result.checks.map((check) => {
          const { color, Icon, word } = looks[check.outcome];
          return (
            <Group
              component="li"
              key={check.check}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-check={check.check}
              data-outcome={check.outcome}
            >
              <ThemeIcon color={color} size={24} radius="xl" aria-hidden>
                <Icon size={16} />
              </ThemeIcon>
              <Text>
                <Text span fw={700}>
                  {credentialCheckLabels[check.check]}: {word}.
                </Text>{' '}
                {check.message}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
