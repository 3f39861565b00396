import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { ZLoginRequest } from '@pulse/contract/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { postLogin } from '../api/post-login';
import { useRevealButtonProps } from '../../../components/reveal-button-props';
import { useAuthForm } from './use-auth-form';

/**
 * "Keep me signed in" starts on where people sign in on their own device (a phone: touch and a
 * narrow screen) and off on a computer, which is more often shared (decision 051).
 */
function isPhoneLike(): boolean {
  try {
    return window.matchMedia('(pointer: coarse)').matches || window.matchMedia('(max-width: 48em)').matches;
  } catch {
    return false;
  }
}

/**
 * `filled`: e-mail and password put in by "Try the demo" (the page remounts the form with a new
 * key for each pick); the Sign in button then takes the focus, so Enter signs in.
 */
export function SignInForm({ filled }: { filled?: { email: string; password: string } | undefined }) {
  // Not sent before the page is live (a server-rendered form would be sent by the browser as a page load).
  const hydrated = useHydrated();
  // Off in the first render, as on the server that rendered the page (decision 056); set for the device once in the page.
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  useEffect(() => setKeepSignedIn(isPhoneLike()), []);
  const { values, setField, errors, isPending, submit } = useAuthForm({
    initialValues: { email: filled?.email ?? '', password: filled?.password ?? '' },
    schema: ZLoginRequest.omit({ keepSignedIn: true }),
    send: (request) => postLogin({ ...request, keepSignedIn }),
  });
  const { t } = useLingui();
  const revealButtonProps = useRevealButtonProps();
  const submitButton = useRef<HTMLButtonElement>(null);
  const wasFilled = filled !== undefined;

  useEffect(() => {
    if (wasFilled) submitButton.current?.focus();
  }, [wasFilled]);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          inputMode="email"
          size="md"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.fields.email}
        />
        <PasswordInput
          label={t`Password`}
          visibilityToggleButtonProps={revealButtonProps}
          autoComplete="current-password"
          size="md"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.fields.password}
        />
        <Anchor component={Link} to="/forgot-password" size="sm" style={{ alignSelf: 'flex-end' }}>
          <Trans>Forgot password?</Trans>
        </Anchor>
        <Checkbox
          label={t`Keep me signed in`}
          description={t`Stay signed in on this device, even after closing the app.`}
          checked={keepSignedIn}
          onChange={(event) => setKeepSignedIn(event.currentTarget.checked)}
          size="md"
        />
        <Button ref={submitButton} type="submit" size="md" fullWidth loading={isPending} disabled={isPending || !hydrated}>
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
