import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { AppThemeName } from '../shell/app-theme';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** The app in the browser; a page the server rendered is hydrated with the server's client, theme and visitor session. */
export function App({ hydrating }: { hydrating?: { queryClient: QueryClient; themeName: AppThemeName } }) {
  return (
    <AppProviders queryClient={hydrating?.queryClient} themeName={hydrating?.themeName} startingSession={hydrating ? 'visitor' : 'unknown'}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
