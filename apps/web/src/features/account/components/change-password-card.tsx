import { useState } from 'react';
import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { ZChangePasswordRequest } from '@pulse/contract/account';
import { isApiError } from '../../../lib/api-error';
import { getZodFieldErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useRevealButtonProps } from '../../../components/reveal-button-props';
import { ACCOUNT_SESSIONS_KEY, changePassword } from '../api/account-api';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change password: the current one first; every other device is signed out, this one stays. */
export function ChangePasswordCard() {
  const { t } = useLingui();
  const revealButtonProps = useRevealButtonProps();
  const queryClient = useQueryClient();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: (values) => {
      const parsed = ZChangePasswordRequest.safeParse(values);
      return parsed.success ? {} : getZodFieldErrors(parsed.error);
    },
  });

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      setFormError(null);
      setDone(null);
      try {
        const result = await changePassword(values);
        form.reset();
        setDone(result.otherSessionsEnded);
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY });
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

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              <Trans>Change password</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Your other devices will be signed out; this one stays signed in.</Trans>
            </Text>
          </Stack>
          <PasswordInput label={t`Current password`} autoComplete="current-password" size="md" visibilityToggleButtonProps={revealButtonProps} {...form.getInputProps('currentPassword')} />
          <PasswordInput label={t`New password`} autoComplete="new-password" size="md" visibilityToggleButtonProps={revealButtonProps} {...form.getInputProps('newPassword')} />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {done !== null && (
            <Alert color="green" variant="light" role="status">
              {done === 0 ? t`Your password was changed.` : t`Your password was changed. Other devices signed out: ${done}.`}
            </Alert>
          )}
          <Button type="submit" size="md" loading={isPending} disabled={isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
