import { Suspense, lazy, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { FullScreenLoading } from '../components/full-screen-loading';
import { PopupAnnouncement } from '../features/popups/components/popup-announcement';
import { AuthProvider } from '../lib/auth/auth-provider';
import { useAuth } from '../lib/auth/use-auth';
import { useSessionLanguage } from '../lib/i18n/use-session-language';
import { RealtimeProvider } from '../lib/socket-provider';
import { AppSwitch } from '../shell/app-switch';
import { AssistantWidget } from '../shell/assistant-widget';
import { BottomBar } from '../shell/bottom-bar';
import { OnlineIndicator } from '../shell/online-indicator';
import { PageHeader } from '../shell/page-header';
import { LazySideMenu } from '../shell/lazy-side-menu';
import { TopBar } from '../shell/top-bar';
import { InstallPrompt } from '../shell/install-prompt';
import { UpdateBanner } from '../shell/update-banner';
import { EmailVerificationBanner } from '../shell/email-verification-banner';
import { useAuthRedirects } from './use-auth-redirects';
import { useRouteChrome } from './use-route-chrome';
import classes from './root-layout.module.css';

// Pages with bars have the buttons in the bottom bar's band, over no content: the watcher loads with
// the first page without bars, so it stays out of the first-load budget (decisions 030, 035).
const KeepClearWatcher = lazy(() => import('../shell/keep-clear-watcher').then((module) => ({ default: module.KeepClearWatcher })));

const SignedInLiveUpdates = lazy(() => import('./signed-in-live-updates').then((module) => ({ default: module.SignedInLiveUpdates })));

/** Live updates need a socket, which only a signed-in user has: visitors never load them. */
function LiveUpdates() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInLiveUpdates />
    </Suspense>
  );
}

function AppFrame() {
  const { isLoading } = useAuth();
  const [menuOpened, menu] = useDisclosure(false);
  const { route, showBars, showAssistant, showAppSwitch } = useRouteChrome();
  const floatingArea = useRef<HTMLDivElement>(null);
  const hasFloating = showAssistant || showAppSwitch;
  const [steppedAside, setSteppedAside] = useState(false);
  useAuthRedirects();
  useSessionLanguage();

  if (isLoading) return <FullScreenLoading />;

  return (
    <div
      className={classes.frame}
      data-bars={showBars ? 'true' : undefined}
      data-floating={showAssistant && showAppSwitch ? 'two' : hasFloating ? 'one' : undefined}
    >
      {showBars && <TopBar onOpenMenu={menu.open} />}
      {!showBars && route.id !== 'login' && <PageHeader />}
      <main className={classes.main}>
        {route.id !== 'login' && <EmailVerificationBanner routeId={route.id} />}
        <div className={classes.content}>
          <Outlet />
        </div>
      </main>
      {showBars && <BottomBar />}
      {hasFloating && (
        <div ref={floatingArea} className={classes.floating} data-stepped-aside={steppedAside ? 'true' : undefined} data-testid="floating-buttons">
          {!showBars && !route.firstLoadStyles && (
            <Suspense fallback={null}>
              <KeepClearWatcher area={floatingArea} onChange={setSteppedAside} />
            </Suspense>
          )}
          {showAssistant && <AssistantWidget className={classes.floatingButton} />}
          {showAppSwitch && <AppSwitch className={classes.floatingButton} />}
        </div>
      )}
      <LazySideMenu opened={menuOpened} onClose={menu.close} />
      <OnlineIndicator />
      <UpdateBanner />
      <InstallPrompt />
    </div>
  );
}

/** The root route: the session and its real-time connection, then the shell around every page. */
export function RootLayout() {
  return (
    <AuthProvider>
      <RealtimeProvider>
        <AppFrame />
        <LiveUpdates />
        <PopupAnnouncement />
      </RealtimeProvider>
    </AuthProvider>
  );
}
