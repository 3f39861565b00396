import { Center, Loader } from '@mantine/core';

export function PageLoading() {
  return (
    <Center role="progressbar" aria-label="Loading page" aria-busy="true" mih="50vh">
      <Loader size="lg" />
    </Center>
  );
}
