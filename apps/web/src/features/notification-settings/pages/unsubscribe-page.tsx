import { useState } from 'react';
import { Alert, Anchor, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { TUnsubscribeResponse } from '@pulse/contract/notification-preferences';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { getUnsubscribe, postUnsubscribe } from '../api/notification-settings-api';
import { CATEGORY_LABELS } from '../components/category-labels';

/**
 * /unsubscribe?token=... (the link under a mail's footer): says which e-mails the link turns off and
 * does it only on the button, since mail scanners open links. Works without signing in.
 */
export function UnsubscribePage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<TUnsubscribeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  const link = useQuery({ queryKey: ['unsubscribe', token], queryFn: ({ signal }) => getUnsubscribe(token, signal), enabled: token !== '', retry: false });

  const invalid = token === '' || (link.isError && isApiError(link.error) && link.error.failure.kind === 'http' && link.error.failure.status < 500);
  const category = done?.category ?? link.data?.category;
  const name = category ? i18n._(CATEGORY_LABELS[category].name) : '';

  const unsubscribe = () =>
    void runOnce(async () => {
      setError(null);
      try {
        setDone(await postUnsubscribe(token));
      } catch (caught) {
        setError(isApiError(caught) ? caught.message : t`That did not work. Please try again.`);
      }
    });

  return (
    <Container size="xs" px="md" py={{ base: 'lg', sm: 40 }}>
      <Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%">
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              <Trans>Unsubscribe</Trans>
            </Title>
            {invalid && (
              <Alert color="red" variant="light" role="alert">
                <Trans>This unsubscribe link is not valid. Sign in and choose your e-mails in your notification settings.</Trans>
              </Alert>
            )}
            {!invalid && link.isPending && <Loader aria-label={t`Checking the link`} />}
            {!invalid && link.isError && (
              <Alert color="red" variant="light" role="alert">
                <Trans>The link could not be checked. Please try again.</Trans>
              </Alert>
            )}
            {done ? (
              <Alert color="green" variant="light" role="status">
                <Trans>Done: you will get no more e-mails about “{name}”. Receipts and security e-mails still come.</Trans>
              </Alert>
            ) : (
              link.data &&
              (link.data.email ? (
                <>
                  <Text>
                    <Trans>You will get no more e-mails about “{name}”. In-app and push notifications stay as they are; receipts and security e-mails still come.</Trans>
                  </Text>
                  {error && (
                    <Alert color="red" variant="light" role="alert">
                      {error}
                    </Alert>
                  )}
                  <Button size="md" onClick={unsubscribe} loading={isPending} disabled={isPending}>
                    <Trans>Stop these e-mails</Trans>
                  </Button>
                </>
              ) : (
                <Text>
                  <Trans>E-mails about “{name}” are already off.</Trans>
                </Text>
              ))
            )}
            <Anchor component={Link} to="/account/notifications">
              <Trans>Choose all your notifications</Trans>
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Container>
  );
}
