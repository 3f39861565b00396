import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n/i18n';
import { SESSION_KEYS, readSessionValue } from '../lib/session-keys';
import { parseUserMode } from '../lib/auth/user-mode';
import { getAppThemeName, type AppThemeName } from '../shell/app-theme';
import { SetAppThemeContext } from './app-theme-context';
import { createQueryClient } from './query-client';
import { StartingSessionContext, type StartingSession } from './server-render-state';
import { ToastStack } from './toast-stack';
import { createAppTheme, cssVariablesResolver } from './theme';


function readInitialThemeName(): AppThemeName {
  return getAppThemeName({ pathname: window.location.pathname, mode: parseUserMode(readSessionValue(SESSION_KEYS.mode)) });
}

interface AppProvidersProps {
  children: ReactNode;
  /** A page rendered on the server, and its hydration, bring the client holding its answers. */
  queryClient?: QueryClient;
  /** The theme the server rendered in (it cannot read the window's address or session storage). */
  themeName?: AppThemeName;
  startingSession?: StartingSession;
}

export function AppProviders({ children, queryClient: givenClient, themeName: givenThemeName, startingSession = 'unknown' }: AppProvidersProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [themeName, setThemeName] = useState<AppThemeName>(() => givenThemeName ?? readInitialThemeName());
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);

  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <ToastStack />
          <StartingSessionContext.Provider value={startingSession}>
            <SetAppThemeContext.Provider value={setThemeName}>{children}</SetAppThemeContext.Provider>
          </StartingSessionContext.Provider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
