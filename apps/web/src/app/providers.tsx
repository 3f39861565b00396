import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { SESSION_KEYS, readSessionValue } from '../lib/session-keys';
import { parseUserMode } from '../lib/auth/user-mode';
import { getAppThemeName, type AppThemeName } from '../shell/app-theme';
import { SetAppThemeContext } from './app-theme-context';
import { createQueryClient } from './query-client';
import { createAppTheme } from './theme';

/** Toasts sit above drawers and menus (spec §9 "toast layer 5500"). */
export const TOAST_Z_INDEX = 5500;

function readInitialThemeName(): AppThemeName {
  return getAppThemeName({ pathname: window.location.pathname, mode: parseUserMode(readSessionValue(SESSION_KEYS.mode)) });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [themeName, setThemeName] = useState<AppThemeName>(readInitialThemeName);
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" zIndex={TOAST_Z_INDEX} autoClose={5000} />
        <SetAppThemeContext.Provider value={setThemeName}>{children}</SetAppThemeContext.Provider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
