import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { Verdict, VerdictTone } from './credential-verdict-text.ts';

/**
 * Dark text colours on pale backgrounds of the same hue: each pair passes 4.5:1 (the lowest,
 * orange, is about 5.6:1), so the verdict reads whatever its outcome.
 */
const looks: Record<VerdictTone, { ink: string; paper: string; Icon: typeof IconCircleCheck }> = {
  valid: { ink: '#2b7a3b', paper: '#ebfbee', Icon: IconCircleCheck },
  invalid: { ink: '#b02525', paper: '#fff5f5', Icon: IconCircleX },
  unsure: { ink: '#a84300', paper: '#fff4e6', Icon: IconAlertTriangle },
};

/**
 * The checker's answer in plain words, first on the page: a title and one short paragraph. It can
 * take focus (`ref`), so the page can bring a new answer to the visitor.
 */
export function CredentialVerdict({ verdict, ref }: { verdict: Verdict; ref?: Ref<HTMLDivElement> }) {
  const { ink, paper, Icon } = looks[verdict.tone];
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      data-scroll-target
      role="status"
      p="lg"
      bg={paper}
      style={{ border: `2px solid ${ink}` }}
      data-testid="credential-verdict"
      data-tone={verdict.tone}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Icon size={32} color={ink} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={4}>
          <Title order={2} size="h3" c={ink}>
            {verdict.title}
          </Title>
          <Text c="dark.9">{verdict.body}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
