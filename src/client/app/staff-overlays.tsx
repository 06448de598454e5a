// The toasts are core's Notification, styled before the notifications package (Mantine's order).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts and confirm dialogs. Only staff pages raise them, through Mantine's global `notifications`
 * and `modals` stores, which reach these components by events, so they need not wrap the router:
 * main.tsx mounts them beside it when the first staff page opens.
 */
export default function StaffOverlays() {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
