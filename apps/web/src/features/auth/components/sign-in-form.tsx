import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ZLoginRequest } from '@pulse/contract/auth';
import { postLogin } from '../api/post-login';
import { REVEAL_BUTTON_PROPS } from './reveal-button-props';
import { useAuthForm } from './use-auth-form';

export function SignInForm() {
  const { values, setField, errors, isPending, submit } = useAuthForm({
    initialValues: { email: '', password: '' },
    schema: ZLoginRequest,
    send: postLogin,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          size="md"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.fields.email}
        />
        <PasswordInput
          label="Password"
          visibilityToggleButtonProps={REVEAL_BUTTON_PROPS}
          autoComplete="current-password"
          size="md"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.fields.password}
        />
        <Button type="submit" size="md" fullWidth loading={isPending} disabled={isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
