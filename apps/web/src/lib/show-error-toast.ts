import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { ERROR_TOAST_AUTO_CLOSE_MS, getErrorToastId } from './error-catalogue';

export function showErrorToast(title: string, message: string): void {
  notifications.show({
    id: getErrorToastId(title, message),
    title,
    message,
    color: 'red',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': t`Close notification` },
    autoClose: ERROR_TOAST_AUTO_CLOSE_MS,
  });
}
