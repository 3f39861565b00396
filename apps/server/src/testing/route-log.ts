import type { FastifyInstance } from 'fastify';

export interface LoggedRoute {
  method: string;
  url: string;
  /** The route's schema says `hide: true` (kept out of the OpenAPI document). */
  hidden: boolean;
}

/**
 * The body of a `vi.mock('fastify', ...)` factory: the real module, whose `Fastify()` adds an onRoute
 * hook to the root instance that logs every route the app registers into `registered`. Tests that
 * must know every route (the authorization table, the OpenAPI document) compare against this log.
 */
export async function fastifyWithRouteLog(importOriginal: () => Promise<unknown>, registered: LoggedRoute[]): Promise<unknown> {
  const actual = (await importOriginal()) as { default: unknown };
  const create = actual.default as (options?: unknown) => FastifyInstance;
  const createWithRouteLog = (options?: unknown) => {
    const instance = create(options);
    instance.addHook('onRoute', (route) => {
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, hidden });
    });
    return instance;
  };
  return { ...actual, default: createWithRouteLog };
}
