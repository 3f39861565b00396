import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { HubNav } from '../../../components/hub/hub-nav';
import { NotificationCenter } from '../components/notification-center';

/**
 * /hub/notifications: Pulse Hub activity on the user's posts (comments, replies, likes, tips,
 * reports), likes on one post on one line; each opens its post (/pulse/{related_entity_id}).
 */
export function HubNotificationsPage({ route }: PageProps) {
  const { t } = useLingui();
  return (
    <>
      <HubNav />
      <NotificationCenter
        source="pulse_hub"
        title={route.title}
        emptyText={t`Comments, replies, likes and tips on your Pulse Hub posts will appear here.`}
      />
    </>
  );
}
