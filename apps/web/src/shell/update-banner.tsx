import { Suspense, lazy, useSyncExternalStore } from 'react';
import { loadFullStyles } from '../lib/full-styles';
import { isUpdateAvailable, subscribeToUpdateAvailable } from '../lib/service-worker-update';

const UpdateBannerCard = lazy(() => Promise.all([import('./update-banner-card'), loadFullStyles()]).then(([module]) => ({ default: module.UpdateBannerCard })));

/**
 * "A new version is available - Reload", shown when a new version of the app is installed and
 * waiting. The worker never takes over by itself, so nothing changes under someone's hands until
 * they press Reload (lib/service-worker-update.ts). The card loads only when there is one to show.
 */
export function UpdateBanner() {
  const available = useSyncExternalStore(subscribeToUpdateAvailable, isUpdateAvailable, () => false);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBannerCard />
    </Suspense>
  );
}
