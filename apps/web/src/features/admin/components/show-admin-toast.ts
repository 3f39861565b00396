import { notifications } from '@mantine/notifications';

export function showAdminSuccess(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', autoClose: 4000 });
}

/** A decision the server refused for a reason that outlives the card it was made on (e.g. already decided). */
export function showAdminFailure(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 6000 });
}
