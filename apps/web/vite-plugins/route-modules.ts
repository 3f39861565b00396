import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Which source module holds each route's page, read from src/app/route-table.ts, written beside the
 * build as route-modules.json: { routeId: "src/features/.../x-page.tsx" | null }. null is a page in
 * the first load (the listing). The server looks the module up in Vite's manifest to announce a
 * rendered page's own stylesheets and code in the HTML's head (decision 056).
 */
export const ROUTE_MODULES_FILE = 'route-modules.json';
/** The ids of the routes flagged `ownStyles` (route-types.ts): their rendered pages need no full stylesheet before first paint. */
export const OWN_STYLES_ROUTES_FILE = 'own-styles-routes.json';

const ROUTE_START = /\bid: '([^']+)'|\bemptyStateRoute\('([^']+)'/g;
const DYNAMIC_IMPORT = /import\('([^']+)'\)/;
const NAMED_LOAD = /\bload: (\w+)/;

/** routeId -> the page's module path as written in the table (relative to src/app), or null for the first load. */
export function parseRouteModules(tableSource: string): Record<string, string | null> {
  const starts = [...tableSource.matchAll(ROUTE_START)];
  const modules: Record<string, string | null> = {};
  const constImport = (name: string): string | null => {
    const definition = new RegExp(`const ${name} = ([^;]*);`).exec(tableSource);
    if (!definition) throw new Error(`route-table.ts: no definition of ${name}`);
    return DYNAMIC_IMPORT.exec(definition[1] ?? '')?.[1] ?? null;
  };
  starts.forEach((start, index) => {
    const id = start[1] ?? start[2];
    if (!id) return;
    const block = tableSource.slice(start.index, starts[index + 1]?.index ?? tableSource.length);
    if (start[2]) {
      modules[id] = constImport('loadEmptyStatePage');
      return;
    }
    const direct = DYNAMIC_IMPORT.exec(block);
    const named = NAMED_LOAD.exec(block);
    if (named && (!direct || (named.index ?? 0) < (direct.index ?? 0))) modules[id] = constImport(named[1] ?? '');
    else modules[id] = direct?.[1] ?? null;
  });
  return modules;
}

/** The ids of the routes whose entry says `ownStyles: true`. */
export function parseOwnStylesRoutes(tableSource: string): string[] {
  const starts = [...tableSource.matchAll(ROUTE_START)];
  return starts.flatMap((start, index) => {
    const id = start[1];
    if (!id) return [];
    const block = tableSource.slice(start.index, starts[index + 1]?.index ?? tableSource.length);
    return /\bownStyles: true\b/.test(block) ? [id] : [];
  });
}

/** '../features/x/pages/y' (from src/app) -> 'src/features/x/pages/y.tsx', the key of Vite's manifest. */
function toManifestKey(webRoot: string, specifier: string): string {
  const relative = posix.join('src/app', specifier);
  for (const extension of ['.tsx', '.ts']) {
    if (existsSync(join(webRoot, relative + extension))) return relative + extension;
  }
  throw new Error(`route-table.ts imports ${specifier}, which is not a .tsx or .ts file`);
}

export function routeModules(): Plugin {
  let webRoot = '';
  return {
    name: 'pulse-route-modules',
    apply: 'build',
    configResolved(config) {
      webRoot = resolve(config.root);
    },
    generateBundle() {
      const tableSource = readFileSync(join(webRoot, 'src/app/route-table.ts'), 'utf8');
      const parsed = parseRouteModules(tableSource);
      const keyed = Object.fromEntries(Object.entries(parsed).map(([id, specifier]) => [id, specifier === null ? null : toManifestKey(webRoot, specifier)]));
      this.emitFile({ type: 'asset', fileName: ROUTE_MODULES_FILE, source: `${JSON.stringify(keyed, null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: OWN_STYLES_ROUTES_FILE, source: `${JSON.stringify(parseOwnStylesRoutes(tableSource))}\n` });
    },
  };
}
