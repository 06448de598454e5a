import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { CredentialCheckName, CredentialVerification } from '#shared/api/credentials.ts';

const looks = {
  pass: { color: 'green.9', Icon: IconCircleCheck, word: msg`Passed` },
  fail: { color: 'red.9', Icon: IconCircleX, word: msg`Failed` },
  unchecked: { color: 'orange.9', Icon: IconAlertTriangle, word: msg`Not checked` },
} as const;

const labels: Record<CredentialCheckName, MessageDescriptor> = {
  format: msg`Format`,
  signature: msg`Signature`,
  issuer: msg`Issuer`,
  page: msg`Printed page`,
  result: msg`Test result`,
  status: msg`Revocation status`,
  validity: msg`Validity dates`,
};

/**
 * One line per check, each saying its outcome in words as well as colour. The lines name formats
 * and standards, so they wait behind a "Details" button: the plain verdict above comes first.
 */
export function CredentialChecks({ result }: { result: CredentialVerification }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Stack gap="sm">
      <div>
        <Button
          variant="default"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined }}
            />
          }
        >
          <Trans>Details</Trans>
        </Button>
      </div>
      <Box id={listId} hidden={!open}>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Checks`}>
          {result.checks.map((check) => {
            const { color, Icon, word } = looks[check.outcome];
            const label = i18n._(labels[check.check]);
            const outcome = i18n._(word);
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
                <Text style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={700}>
                    {t`${label}: ${outcome}.`}
                  </Text>{' '}
                  {check.message}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Box>
    </Stack>
  );
}
