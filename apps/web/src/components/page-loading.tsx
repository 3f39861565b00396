import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

export function PageLoading() {
  const { t } = useLingui();
  return (
    <Center role="progressbar" aria-label={t`Loading page`} aria-busy="true" mih="50vh">
      <Loader size="lg" />
    </Center>
  );
}
