import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { isSellerApplicationUpdate } from '../utils/is-application-update';

/**
 * When an admin decides the user's seller application, the roles and the application are asked
 * again: /seller-application-status shows the decision and "Switch to Seller" follows it, no
 * re-login. Renders nothing.
 */
export function LiveApplicationUpdates() {
  const queryClient = useQueryClient();
  const { user, refreshUser } = useAuth();
  const userId = user?.id ?? null;

  useSocketEvent('newNotification', (notification) => {
    if (userId === null || !isSellerApplicationUpdate(notification)) return;
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: ['seller-application'] });
    void queryClient.invalidateQueries({ queryKey: ['seller-status'] });
  });

  return null;
}
