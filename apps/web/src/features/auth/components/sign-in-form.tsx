import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { ZLoginRequest } from '@pulse/contract/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { postLogin } from '../api/post-login';
import { useRevealButtonProps } from './reveal-button-props';
import { useAuthForm } from './use-auth-form';

/**
 * `filled`: e-mail and password put in by "Try the demo" (the page remounts the form with a new
 * key for each pick); the Sign in button then takes the focus, so Enter signs in.
 */
export function SignInForm({ filled }: { filled?: { email: string; password: string } | undefined }) {
  const { values, setField, errors, isPending, submit } = useAuthForm({
    initialValues: { email: filled?.email ?? '', password: filled?.password ?? '' },
    schema: ZLoginRequest,
    send: postLogin,
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
        <Button ref={submitButton} type="submit" size="md" fullWidth loading={isPending} disabled={isPending}>
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
