import { Trans } from '@lingui/react/macro';
import { Button, Center } from '@mantine/core';

/** "Load more" under a paged list; nothing when the server said there is no next page. */
export function LoadMoreButton({ hasNextPage, isFetching, onLoad }: { hasNextPage: boolean; isFetching: boolean; onLoad: () => void }) {
  if (!hasNextPage) return null;
  return (
    <Center>
      <Button variant="default" onClick={onLoad} loading={isFetching}>
        <Trans>Load more</Trans>
      </Button>
    </Center>
  );
}
