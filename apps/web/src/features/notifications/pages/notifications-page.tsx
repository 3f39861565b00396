import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { NotificationCenter } from '../components/notification-center';

/** /notifications: the marketplace notifications (orders, messages, applications, deliveries). */
export function NotificationsPage({ route }: PageProps) {
  const { t } = useLingui();
  return (
    <NotificationCenter
      source="marketplace"
      title={route.title}
      emptyText={t`Updates about your orders, messages, deliveries and applications will appear here.`}
    />
  );
}
