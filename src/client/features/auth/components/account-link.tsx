import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Better Auth's get-session answer: the user, or null when signed out. */
type SessionAnswer = { user: { name: string } } | null;

/**
 * The public top bar's sign of a signed-in user: who, and the way back to the dashboard. Loaded
 * only in a browser that has signed in (top-bar.tsx). It asks with a plain fetch and imports
 * nothing of the page's own modules, so bundling it takes nothing out of the pages' first chunks.
 */
export default function AccountLink({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let mounted = true;
    fetch('/api/auth/get-session', { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<SessionAnswer>) : null))
      .then((session) => {
        if (!session) onSignedOut();
        else if (mounted) setName(session.user.name);
      })
      .catch(() => undefined); // no answer: the top bar shows no signed-in state
    return () => {
      mounted = false;
    };
  }, [onSignedOut]);

  if (name === null) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dark.6" visibleFrom="lg" aria-hidden>
        <Trans>Signed in as {name}</Trans>
      </Text>
      {/* Short enough to fit beside the logo and the menu button on a 360px phone. */}
      <Button
        component="a"
        href="/dashboard"
        variant="light"
        size="compact-sm"
        aria-label={t`Dashboard, signed in as ${name}`}
      >
        <Trans>Dashboard</Trans>
      </Button>
    </Group>
  );
}
