import { Suspense, useState } from 'react';
import { lazyWithFullStyles } from '../lib/full-styles';
import { useAuth } from '../lib/auth/use-auth';

const EmailVerificationBannerCard = lazyWithFullStyles(() => import('./email-verification-banner-card').then((module) => module.EmailVerificationBannerCard));

/** sessionStorage: "hide it for the session" (a new tab or sign-in shows it again). */
export const EMAIL_BANNER_HIDDEN_KEY = 'pulse_email_banner_hidden';

function readHidden(): boolean {
  try {
    return sessionStorage.getItem(EMAIL_BANNER_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * "Confirm your e-mail address" under the top bar for a signed-in person whose address is not
 * confirmed yet (decision 053). The card loads only when there is one to show; hidden on the link's
 * own page and once the person hides it for the session.
 */
export function EmailVerificationBanner({ routeId }: { routeId: string }) {
  const { user } = useAuth();
  const [hidden, setHidden] = useState(readHidden);
  // Users stored before the field existed have no `email_verified`: only an explicit false shows it.
  if (!user || user.email_verified !== false || hidden || routeId === 'verify-email') return null;
  const hide = () => {
    try {
      sessionStorage.setItem(EMAIL_BANNER_HIDDEN_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the page reloads.
    }
    setHidden(true);
  };
  return (
    <Suspense fallback={null}>
      <EmailVerificationBannerCard email={user.email} onHide={hide} />
    </Suspense>
  );
}
