import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZChangeEmailRequest } from '@pulse/contract/email-verification';
import { isApiError } from '../../../lib/api-error';
import { changeEmail } from '../../../lib/auth/email-verification-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { getZodFieldErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useRevealButtonProps } from '../../../components/reveal-button-props';

const FIELDS = ['currentPassword', 'email'] as const;

/**
 * "E-mail address" (decision 053): the address and whether it is confirmed; a change is confirmed
 * by a link to the new address (the old one is told), so nothing changes here until then.
 */
export function ChangeEmailCard() {
  const { t } = useLingui();
  const { user } = useAuth();
  const revealButtonProps = useRevealButtonProps();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', email: '' },
    validate: (values) => {
      const parsed = ZChangeEmailRequest.safeParse(values);
      return parsed.success ? {} : getZodFieldErrors(parsed.error);
    },
  });

  const submit = form.onSubmit(
    (values) =>
      void runOnce(async () => {
        setFormError(null);
        setSent(null);
        try {
          const result = await changeEmail(ZChangeEmailRequest.parse(values));
          form.reset();
          setSent(result.message);
        } catch (error) {
          if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
          let placed = false;
          for (const field of FIELDS) {
            const message = error.fields[field];
            if (message) {
              form.setFieldError(field, message);
              placed = true;
            }
          }
          if (!placed) setFormError(error.message);
        }
      }),
  );

  if (!user) return null;
  const verified = user.email_verified !== false;
  // Single sign-on accounts have no password here: their address is their provider's.
  const canChange = user.provider === 'local';
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate aria-label={t`Change e-mail address`}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              <Trans>E-mail address</Trans>
            </Title>
            <Group gap="xs">
              <Text fw={600} data-testid="account-email">
                {user.email}
              </Text>
              <Badge color={verified ? 'green' : 'yellow'} variant="light">
                {verified ? t`Confirmed` : t`Not confirmed yet`}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {canChange ? (
                <Trans>To change it, we send a link to the new address; your account uses it once you open that link.</Trans>
              ) : (
                <Trans>This account signs in with single sign-on: change your e-mail address with your sign-on provider.</Trans>
              )}
            </Text>
          </Stack>
          {canChange && (
            <>
              <TextInput label={t`New e-mail address`} type="email" autoComplete="email" size="md" {...form.getInputProps('email')} />
              <PasswordInput
                label={t`Current password`}
                autoComplete="current-password"
                size="md"
                visibilityToggleButtonProps={revealButtonProps}
                {...form.getInputProps('currentPassword')}
              />
              {formError && (
                <Alert color="red" variant="light" role="alert">
                  {formError}
                </Alert>
              )}
              {sent && (
                <Alert color="green" variant="light" role="status">
                  {sent}
                </Alert>
              )}
              <Button type="submit" size="md" loading={isPending} disabled={isPending}>
                <Trans>Change e-mail address</Trans>
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
