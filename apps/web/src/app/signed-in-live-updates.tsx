import { LiveMessageUpdates } from '../features/messages/components/live-message-updates';
import { LiveNotificationUpdates } from '../features/notifications/components/live-notification-updates';
import { LiveApplicationUpdates } from '../components/live-application-updates';

/** What a signed-in user's socket keeps up to date; loaded only once someone is signed in. */
export function SignedInLiveUpdates() {
  return (
    <>
      <LiveNotificationUpdates />
      <LiveMessageUpdates />
      <LiveApplicationUpdates />
    </>
  );
}
