import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

// Mantine leaves a notification's close button unlabelled; a screen reader needs its name.
const closeButtonProps = { 'aria-label': 'Close notification' };

/** `id` lets a later call hide it; `autoClose` in ms, for a notification that offers an action. */
interface NotifyOptions {
  id?: string;
  autoClose?: number;
}

export const notify = {
  success: (message: ReactNode, options: NotifyOptions = {}) =>
    notifications.show({ color: 'green.9', message, closeButtonProps, ...options }),
  error: (message: string) => notifications.show({ color: 'red.9', message, closeButtonProps }),
  hide: (id: string) => notifications.hide(id),
};
