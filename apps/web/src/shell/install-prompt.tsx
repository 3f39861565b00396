import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { loadFullStyles } from '../lib/full-styles';
import { msUntilOffer, shouldOfferInstall } from './install-prompt-rule';
import { canPromptInstall, dismissInstall, isStandalone, promptInstall, recordVisit, subscribeToInstallPrompt } from './install-prompt-store';

const InstallPromptCard = lazy(() =>
  Promise.all([import('./install-prompt-card'), loadFullStyles()]).then(([module]) => ({ default: module.InstallPromptCard })),
);

/**
 * "Install Pulse Market - Install / Not now", from the second visit on, a little while into the
 * visit, when the browser can install the app (install-prompt-rule.ts). Costs the first page a
 * listener and a localStorage read; the card and its styles load only when it shows.
 */
export function InstallPrompt() {
  const canInstall = useSyncExternalStore(subscribeToInstallPrompt, canPromptInstall, () => false);
  const [offered, setOffered] = useState(false);

  useEffect(() => {
    const record = recordVisit();
    if (!canInstall) return;
    const timer = window.setTimeout(() => {
      setOffered(shouldOfferInstall({ record, now: Date.now(), visitMs: performance.now(), canInstall: true, standalone: isStandalone() }));
    }, msUntilOffer(performance.now()));
    return () => window.clearTimeout(timer);
  }, [canInstall]);

  if (!offered || !canInstall) return null;

  const install = () => {
    setOffered(false);
    void promptInstall().then((accepted) => {
      // Saying no in the browser's own dialog is a "Not now" too.
      if (!accepted) dismissInstall();
    });
  };
  const notNow = () => {
    setOffered(false);
    dismissInstall();
  };

  return (
    <Suspense fallback={null}>
      <InstallPromptCard onInstall={install} onDismiss={notNow} />
    </Suspense>
  );
}
