import { matchRoutes } from 'react-router';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute } from './route-types';

const MATCHABLE_ROUTES = ROUTE_TABLE.map((route) => ({ path: route.path, route }));

/**
 * Paths already matched. matchRoutes flattens and ranks the whole table on every call (a third of
 * a re-render of the app frame on a slowed phone, issue 26), and the table never changes; the
 * addresses one tab visits are few, so the map stays small.
 */
const matched = new Map<string, AppRoute>();
const MATCHED_PATHS_KEPT = 200;

/** The route-table entry React Router would render for a path (the catch-all when none fits). */
export function findRoute(pathname: string): AppRoute {
  const known = matched.get(pathname);
  if (known) return known;
  const route = matchRoute(pathname);
  if (matched.size >= MATCHED_PATHS_KEPT) matched.clear();
  matched.set(pathname, route);
  return route;
}

function matchRoute(pathname: string): AppRoute {
  const matches = matchRoutes(MATCHABLE_ROUTES, pathname);
  const match = matches?.at(-1)?.route.route;
  const notFound = ROUTE_TABLE.find((route) => route.path === '*');
  if (match) return match;
  if (!notFound) throw new Error('The route table needs a catch-all route');
  return notFound;
}
