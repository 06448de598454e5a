import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before a form's unsaved changes are lost: leaving for another page of the app (a sidebar
 * link, Back) opens a dialog; closing or reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = () => blocker.reset?.();
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={stay}
      title="Leave without saving?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>The changes on this page are not saved. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={stay} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
