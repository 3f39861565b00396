import { useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { confirmEmailLink } from '../../../lib/auth/email-verification-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import classes from './login-page.module.css';

type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

/**
 * /verify-email?token=...: the mail's link, signed in or not (decision 053). The address is
 * confirmed by a button, not on load: mail scanners that open every link must not use it up.
 */
export function VerifyEmailPage() {
  const { isAuthenticated, refreshUser } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { isPending, runOnce } = useSingleSubmit();

  const confirm = () =>
    void runOnce(async () => {
      try {
        const confirmed = await confirmEmailLink({ token });
        setOutcome({ ok: true, message: confirmed.message });
        if (isAuthenticated) await refreshUser();
      } catch (error) {
        if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
        setOutcome({ ok: false, message: error.fields.token ?? error.message });
      }
    });

  return (
    <div className={classes.page}>
      <Center className={classes.center}>
        <Stack gap="lg" className={classes.column}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  <Trans>Confirm your e-mail address</Trans>
                </Title>
                {!outcome?.ok && (
                  <Text c="dimmed" mt={4}>
                    <Trans>One tap confirms that this address is yours.</Trans>
                  </Text>
                )}
              </div>
              {outcome && (
                <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
                  {outcome.message}
                </Alert>
              )}
              {!outcome?.ok && (
                <Button size="md" fullWidth loading={isPending} disabled={isPending} onClick={confirm}>
                  <Trans>Confirm my address</Trans>
                </Button>
              )}
              {outcome?.ok &&
                (isAuthenticated ? (
                  <Button component={Link} to="/" size="md" fullWidth>
                    <Trans>Continue shopping</Trans>
                  </Button>
                ) : (
                  <Button component={Link} to="/login" size="md" fullWidth>
                    <Trans>Sign in</Trans>
                  </Button>
                ))}
              {outcome && !outcome.ok && (
                <Anchor component={Link} to={isAuthenticated ? '/account' : '/login'} ta="center">
                  {isAuthenticated ? <Trans>Go to my account</Trans> : <Trans>Sign in to send a new link</Trans>}
                </Anchor>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </div>
  );
}
