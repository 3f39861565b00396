import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZPasswordResetConfirm } from '@pulse/contract/mail';
import { useAuth } from '../../../lib/auth/use-auth';
import { NO_FORM_ERRORS, getServerFormErrors, getZodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postPasswordResetConfirm } from '../api/post-password-reset';
import { useRevealButtonProps } from '../../../components/reveal-button-props';
import classes from './login-page.module.css';

/** /reset-password?token=...: the mail's link; a new password signs the person in (every other device signed out). */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const { isPending, runOnce } = useSingleSubmit();
  const revealButtonProps = useRevealButtonProps();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZPasswordResetConfirm.safeParse({ token, password });
      if (!parsed.success) {
        const fields = getZodFieldErrors(parsed.error);
        setErrors({ fields, form: fields.token ?? null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        await login(await postPasswordResetConfirm(parsed.data));
        void navigate('/', { replace: true });
      } catch (error) {
        const found = getServerFormErrors(error, ['token', 'password']);
        setErrors({ fields: found.fields, form: found.fields.token ?? found.form });
      }
    });
  };

  return (
    <div className={classes.page}>
      <Center className={classes.center}>
        <Stack gap="lg" className={classes.column}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  <Trans>Choose a new password</Trans>
                </Title>
                <Text c="dimmed" mt={4}>
                  <Trans>After this, every device signed in to your account is signed out.</Trans>
                </Text>
              </div>
              <form onSubmit={submit} noValidate>
                <Stack gap="md">
                  {errors.form && (
                    <Alert color="red" variant="light" role="alert">
                      {errors.form}{' '}
                      <Anchor component={Link} to="/forgot-password" inherit>
                        <Trans>Ask for a new link</Trans>
                      </Anchor>
                    </Alert>
                  )}
                  <PasswordInput
                    label={t`New password`}
                    visibilityToggleButtonProps={revealButtonProps}
                    autoComplete="new-password"
                    size="md"
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    error={errors.fields.password}
                  />
                  <Button type="submit" size="md" fullWidth loading={isPending} disabled={isPending}>
                    <Trans>Save and sign in</Trans>
                  </Button>
                </Stack>
              </form>
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </div>
  );
}
