import { notifications } from '@mantine/notifications';

// Every notification's close button needs a name (STACK-NOTES: Mantine leaves it unlabelled).
const closeButtonProps = { 'aria-label': 'Close notification' };

export const notify = {
  success: (message: string) => notifications.show({ color: 'green.9', message, closeButtonProps }),
  error: (message: string) => notifications.show({ color: 'red.9', message, closeButtonProps }),
};
