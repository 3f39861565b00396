import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { LazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute } from './route-types';

function createRouteElement(route: AppRoute) {
  const page = route.redirectTo ? <Navigate to={route.redirectTo} replace /> : <LazyPage key={route.id} route={route} />;
  return route.access === 'signed-in' ? <RequireAuth>{page}</RequireAuth> : page;
}

function toRouteObject(route: AppRoute): RouteObject {
  return {
    id: route.id,
    path: route.path,
    element: createRouteElement(route),
    // Inside the shell, so a broken page still leaves the bars and the menu working.
    errorElement: <RouteErrorPage />,
    handle: { title: route.title },
  };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'app',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: ROUTE_TABLE.map(toRouteObject),
    },
  ]);
}
