import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n/i18n';
import { SESSION_KEYS, readSessionValue } from '../lib/session-keys';
import { parseUserMode } from '../lib/auth/user-mode';
import { getAppThemeName, type AppThemeName } from '../shell/app-theme';
import { SetAppThemeContext } from './app-theme-context';
import { createQueryClient } from './query-client';
import { ToastStack } from './toast-stack';
import { createAppTheme, cssVariablesResolver } from './theme';


function readInitialThemeName(): AppThemeName {
  return getAppThemeName({ pathname: window.location.pathname, mode: parseUserMode(readSessionValue(SESSION_KEYS.mode)) });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [themeName, setThemeName] = useState<AppThemeName>(readInitialThemeName);
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);

  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <ToastStack />
          <SetAppThemeContext.Provider value={setThemeName}>{children}</SetAppThemeContext.Provider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
