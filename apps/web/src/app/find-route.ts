import { matchRoutes } from 'react-router';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute } from './route-types';

const MATCHABLE_ROUTES = ROUTE_TABLE.map((route) => ({ path: route.path, route }));

/** The route-table entry React Router would render for a path (the catch-all when none fits). */
export function findRoute(pathname: string): AppRoute {
  const matches = matchRoutes(MATCHABLE_ROUTES, pathname);
  const match = matches?.at(-1)?.route.route;
  const notFound = ROUTE_TABLE.find((route) => route.path === '*');
  if (match) return match;
  if (!notFound) throw new Error('The route table needs a catch-all route');
  return notFound;
}
