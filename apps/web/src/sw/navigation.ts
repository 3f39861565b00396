import { matchPrecache } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core';

/** index.html is the same document for every route (the server answers deep links with it). */
const SHELL_URL = '/index.html';

/** The navigation preload response when the browser started one, else a fetch of our own. */
async function fetchNavigation(event: ExtendableEvent, request: Request): Promise<Response> {
  const preloaded = 'preloadResponse' in event ? ((await (event as FetchEvent).preloadResponse) as Response | undefined) : undefined;
  return preloaded ?? fetch(request);
}

/**
 * Page loads: the network when it answers, so a deploy shows at once; the precached shell when
 * it does not (offline). The network's page is not stored: the precached one matches the precached
 * scripts, a newer one might name files this worker does not have.
 */
export const handleNavigation: RouteHandlerCallback = async ({ request, event }) => {
  try {
    return await fetchNavigation(event, request);
  } catch (error) {
    const shell = await matchPrecache(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
};

/**
 * A page load of an API address (the OpenID Connect start and callback) was already sent once as
 * the navigation preload; letting the browser fetch it again would send it twice, and a sign-in
 * code works once. Never a cached answer.
 */
export const handleApiNavigation: RouteHandlerCallback = async ({ request, event }) => fetchNavigation(event, request);
