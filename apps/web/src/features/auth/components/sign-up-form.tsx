import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, ZRegisterRequest } from '@pulse/contract/auth';
import { postRegister } from '../api/post-register';
import { REVEAL_BUTTON_PROPS } from './reveal-button-props';
import { useAuthForm } from './use-auth-form';

export function SignUpForm() {
  const { values, setField, errors, isPending, submit } = useAuthForm({
    initialValues: { email: '', username: '', password: '' },
    schema: ZRegisterRequest,
    send: postRegister,
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
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          size="md"
          value={values.username}
          onChange={(event) => setField('username', event.currentTarget.value)}
          error={errors.fields.username}
        />
        <PasswordInput
          label="Password"
          visibilityToggleButtonProps={REVEAL_BUTTON_PROPS}
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          size="md"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.fields.password}
        />
        <Button type="submit" size="md" fullWidth loading={isPending} disabled={isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
