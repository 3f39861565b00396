import { notifications } from '@mantine/notifications';

export function showAdminSuccess(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', autoClose: 4000 });
}
