import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { PageLoading } from '../components/page-loading';
import { loadFullStyles } from '../lib/full-styles';
import { PageLoadTimeoutError, loadWithTimeout } from './page-loader';
import type { AppRoute, PageComponent } from './route-types';

// Loaded pages stay loaded: coming back to a page must not flash the spinner again.
const loadedPages = new Map<string, PageComponent>();

/**
 * A route's page chunk, with Mantine's full stylesheet unless the page needs only the first-load
 * styles. Also called at start-up for the address being opened (main.tsx), so the page's chunk
 * downloads while the session is checked instead of after; a repeated import() is answered
 * from the browser's module map.
 */
export function loadRoutePage(route: AppRoute): Promise<PageComponent> {
  if (route.firstLoadStyles) return route.load();
  return Promise.all([route.load(), loadFullStyles()]).then(([Page]) => Page);
}

/**
 * Loads a route's page before React renders it, so it renders at once, without the spinner: on the
 * server before rendering a page, and in the browser before hydrating the server's HTML (which
 * must be rendered the same way to be hydrated).
 */
export async function preloadRoutePage(route: AppRoute): Promise<void> {
  if (!loadedPages.has(route.id)) loadedPages.set(route.id, await loadRoutePage(route));
}

type LoadState = { status: 'loading' } | { status: 'loaded'; Page: PageComponent } | { status: 'failed'; timedOut: boolean };

// The global t, read at each render (LazyPage renders again on a language switch); no <Trans> on the first load.
function PageLoadFailure({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <ThemeIcon size={64} radius={32} variant="light" color="gray" aria-hidden>
          <IconCloudOff size={32} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {timedOut ? t`This page is taking too long to load.` : t`This page could not be loaded.`}
        </Text>
        <Text c="dimmed">
          {t`Check your connection, then try again.`}
        </Text>
        <Button onClick={onRetry}>
          {t`Retry`}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Loads a route's page chunk on demand, with a spinner while it loads and a retry when the
 * import fails or has not settled within PAGE_CHUNK_TIMEOUT_MS.
 */
export function LazyPage({ route }: { route: AppRoute }) {
  // A language switch renders the page again: texts read outside useLingui (route.title, prices and
  // dates from lib/format.ts, which read the active language) follow it too.
  useLingui();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const Page = loadedPages.get(route.id);
    return Page ? { status: 'loaded', Page } : { status: 'loading' };
  });
  const isLoaded = state.status === 'loaded';

  useEffect(() => {
    if (isLoaded) return;
    let cancelled = false;
    loadWithTimeout(() => loadRoutePage(route)).then(
      (Page) => {
        loadedPages.set(route.id, Page);
        if (!cancelled) setState({ status: 'loaded', Page });
      },
      (error: unknown) => {
        console.error(`Could not load the page "${route.title}"`, error);
        if (!cancelled) setState({ status: 'failed', timedOut: error instanceof PageLoadTimeoutError });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [route, attempt, isLoaded]);

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') {
    return (
      <PageLoadFailure
        timedOut={state.timedOut}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  const { Page } = state;
  return <Page route={route} />;
}
