import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseOwnStylesRoutes, parseRouteModules } from '../../vite-plugins/route-modules';
import { ROUTE_TABLE } from './route-table';

const tableSource = readFileSync(fileURLToPath(new URL('./route-table.ts', import.meta.url)), 'utf8');

describe('route modules read from the route table (the server announces a rendered page’s files from them)', () => {
  const modules = parseRouteModules(tableSource);

  it('knows every route of the table, and no other', () => {
    expect(Object.keys(modules).sort()).toEqual(ROUTE_TABLE.map((route) => route.id).sort());
  });

  it('finds a page module for every route but the listing, which is in the first load', () => {
    for (const route of ROUTE_TABLE) {
      if (route.redirectTo) continue;
      if (route.firstLoadStyles) expect(modules[route.id], route.id).toBeNull();
      else expect(modules[route.id], route.id).toMatch(/^\.\.\/(features|components)\/[\w/-]+$/);
    }
    expect(modules['product-details']).toBe('../features/catalogue/pages/product-details-page');
    expect(modules['not-found'] ?? modules[ROUTE_TABLE.find((route) => route.path === '*')?.id ?? '']).toBeTruthy();
  });

  it('resolves a route that names its loader', () => {
    const source = "const loadThing = () => import('../features/x/pages/thing-page').then((m) => m.Thing);\nconst R = [\n  {\n    id: 'thing',\n    load: loadThing,\n  },\n  {\n    id: 'other',\n    load: () => import('../features/y/pages/other-page').then((m) => m.Other),\n  },\n];";
    expect(parseRouteModules(source)).toEqual({ thing: '../features/x/pages/thing-page', other: '../features/y/pages/other-page' });
  });

  it('lists exactly the routes whose page brings its own first-paint styles', () => {
    expect(parseOwnStylesRoutes(tableSource).sort()).toEqual(ROUTE_TABLE.filter((route) => route.ownStyles).map((route) => route.id).sort());
    expect(parseOwnStylesRoutes(tableSource)).toContain('product-details');
  });
});
