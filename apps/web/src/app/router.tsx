import { Navigate, Route, Routes } from 'react-router';
import { LazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute } from './route-types';

function createRouteElement(route: AppRoute) {
  const page = route.redirectTo ? <Navigate to={route.redirectTo} replace /> : <LazyPage key={route.id} route={route} />;
  return route.access === 'signed-in' ? <RequireAuth>{page}</RequireAuth> : page;
}

/**
 * Every route of the table inside the shell (RootLayout). React Router's declarative mode: the app
 * loads its pages itself (LazyPage) and has no loaders or actions, so the data router's 16 kB
 * gzipped stay out of the first load (docs/decisions/047-first-load-with-languages.md).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          {ROUTE_TABLE.map((route) => (
            // Inside the shell, so a broken page still leaves the bars and the menu working.
            <Route key={route.id} path={route.path} element={<RouteErrorBoundary>{createRouteElement(route)}</RouteErrorBoundary>} />
          ))}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
