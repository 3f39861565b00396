import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { PublicOriginContext } from '../features/catalogue/components/product-structured-data';
import type { AppThemeName } from '../shell/app-theme';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** The app in the browser; a page the server rendered is hydrated with the server's client, theme, address and visitor session. */
export function App({ hydrating }: { hydrating?: { queryClient: QueryClient; themeName: AppThemeName; origin: string } }) {
  return (
    <PublicOriginContext value={hydrating?.origin ?? null}>
      <AppProviders queryClient={hydrating?.queryClient} themeName={hydrating?.themeName} startingSession={hydrating ? 'visitor' : 'unknown'}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </PublicOriginContext>
  );
}
