import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import { robotMessage } from '../verification-messages.ts';

const sharedRow = { flex: '1 1 auto' };

interface HumanCheckDialogProps {
  opened: boolean;
  waitSeconds: number;
  interstitialUrl: string | null;
  onProceed: () => void;
}

/**
 * The human-verification step after a match: it cannot be dismissed by Escape or an
 * outside click, "Verify Human" counts down the configured wait, and "Proceed" needs the switch.
 */
export function HumanCheckDialog({ opened, waitSeconds, interstitialUrl, onProceed }: HumanCheckDialogProps) {
  const { t, i18n } = useLingui();
  const [notRobot, setNotRobot] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);
  const waited = secondsLeft === 0;
  const switchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!secondsLeft) return;
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const startWait = () => {
    if (interstitialUrl) window.open(interstitialUrl, '_blank', 'noopener,noreferrer');
    // The button disables itself as the wait starts; focus would fall to the page behind the
    // dialog, so it moves to the switch, the other thing a person has to do here.
    switchRef.current?.focus();
    setSecondsLeft(waitSeconds);
  };

  const proceed = () => {
    if (!notRobot) {
      setWarning(true);
      return;
    }
    onProceed();
  };

  const dialog = useOpenedOnce(opened);
  if (!dialog.rendered) return null;
  return (
    <Modal
      opened={dialog.opened}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      size={440}
    >
      <Stack gap="md" py="xs">
        {/* Modal.Title names the dialog (aria-labelledby on its section); the modal has no header. */}
        <Modal.Title fz="h3" fw={700} lh="h3">
          <Trans>Human verification</Trans>
        </Modal.Title>
        <Text>
          <Trans>A record matches. Please confirm you are a person to see it.</Trans>
        </Text>
        <Switch
          ref={switchRef}
          label={t`I'm not a robot`}
          checked={notRobot}
          onChange={(event) => {
            setNotRobot(event.currentTarget.checked);
            setWarning(false);
          }}
          size="md"
        />
        {warning && !notRobot && (
          <Text c="red.8" role="alert" fw={600}>
            {i18n._(robotMessage)}
          </Text>
        )}
        {/* Side by side while both labels fit on one line each; a longer label (the Tamil countdown
            is one long word) puts each button on a row of its own instead of cutting the word. */}
        <Group gap="sm">
          <Button variant="light" onClick={startWait} disabled={secondsLeft !== null} style={sharedRow}>
            {secondsLeft ? t`Wait ${secondsLeft}s...` : t`Verify Human`}
          </Button>
          <Button onClick={proceed} disabled={!waited} style={sharedRow}>
            <Trans>Proceed</Trans>
          </Button>
        </Group>
        {/* Silent while counting (a number read out every second is noise); says the end once. */}
        <VisuallyHidden role="status">
          {waited ? t`The wait is over. You can proceed now.` : ''}
        </VisuallyHidden>
      </Stack>
    </Modal>
  );
}
