import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ZPasswordResetRequest } from '@pulse/contract/mail';
import { NO_FORM_ERRORS, getServerFormErrors, getZodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postPasswordResetRequest } from '../api/post-password-reset';
import classes from './login-page.module.css';

/** /forgot-password: asks the e-mail; the server mails a link when an account uses it (and says the same either way). */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [sent, setSent] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZPasswordResetRequest.safeParse({ email });
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        setSent((await postPasswordResetRequest(parsed.data)).message);
      } catch (error) {
        setErrors(getServerFormErrors(error, ['email']));
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
                  <Trans>Forgot your password?</Trans>
                </Title>
                <Text c="dimmed" mt={4}>
                  <Trans>Enter the e-mail address of your account. We will send you a link to choose a new password.</Trans>
                </Text>
              </div>
              {sent ? (
                <Alert color="green" variant="light" role="status" icon={<IconMailCheck size={20} aria-hidden />} title={t`Check your mail`}>
                  {sent}
                </Alert>
              ) : (
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
                      value={email}
                      onChange={(event) => setEmail(event.currentTarget.value)}
                      error={errors.fields.email}
                    />
                    <Button type="submit" size="md" fullWidth loading={isPending} disabled={isPending}>
                      <Trans>Send me a link</Trans>
                    </Button>
                  </Stack>
                </form>
              )}
              <Anchor component={Link} to="/login" ta="center">
                <Trans>Back to sign in</Trans>
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </div>
  );
}
