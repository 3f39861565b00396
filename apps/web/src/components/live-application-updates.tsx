import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../lib/auth/use-auth';
import { applicationUpdateKind } from '../lib/is-application-update';
import { useSocketEvent } from '../lib/socket-event-hook';

/** Query keys of each kind's application, as the features name them. */
const APPLICATION_QUERY_KEYS = {
  seller: [['seller-application'], ['seller-status']],
  agent: [['agent-application'], ['agent-profile']],
} as const;

/**
 * When an admin decides the user's seller or agent application, the roles and the application are
 * asked again: the status page shows the decision, "Switch to Seller" and the menu's "Pulse Agent"
 * follow it, no re-login. Renders nothing.
 */
export function LiveApplicationUpdates() {
  const queryClient = useQueryClient();
  const { user, refreshUser } = useAuth();
  const userId = user?.id ?? null;

  useSocketEvent('newNotification', (notification) => {
    const kind = applicationUpdateKind(notification);
    if (userId === null || kind === null) return;
    void refreshUser();
    for (const queryKey of APPLICATION_QUERY_KEYS[kind]) void queryClient.invalidateQueries({ queryKey });
  });

  return null;
}
