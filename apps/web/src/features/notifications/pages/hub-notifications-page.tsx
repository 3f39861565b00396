import type { PageProps } from '../../../app/route-types';
import { NotificationCenter } from '../components/notification-center';

/** /hub/notifications: Pulse Hub activity on the user's posts (comments, replies, likes, tips, reports). */
export function HubNotificationsPage({ route }: PageProps) {
  return (
    <NotificationCenter
      source="pulse_hub"
      title={route.title}
      emptyText="Comments, replies, likes and tips on your Pulse Hub posts will appear here."
    />
  );
}
