import { useEffect, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { Alert, Avatar, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, ZRegisterRequest } from '@pulse/contract/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { resolveMediaUrl } from '../../../lib/media-url';
import { clearRememberedReferral, readReferralCode } from '../../../lib/referral-capture';
import { useReferralCodeOwner } from '../../../lib/referrals/referrals-api';
import { postRegister } from '../api/post-register';
import { useRevealButtonProps } from '../../../components/reveal-button-props';
import { useAuthForm } from './use-auth-form';

// The form's own fields; the remembered referral code travels beside them.
const ZSignUpFields = ZRegisterRequest.omit({ referralCode: true });

/** "Invited by @username" when the browser remembered a share link's code (issue 13). */
function InvitedBy({ code }: { code: string | null }) {
  const owner = useReferralCodeOwner(code);
  if (!owner.data) return null;
  const username = owner.data.agentUsername;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="invited-by">
      <Avatar
        src={owner.data.agentProfilePictureUrl ? resolveMediaUrl(owner.data.agentProfilePictureUrl) : null}
        alt=""
        size={28}
        radius="xl"
        name={owner.data.agentUsername}
        color="initials"
      />
      <Text size="sm">
        <Trans>
          Invited by <strong>@{username}</strong>
        </Trans>
      </Text>
    </Group>
  );
}

export function SignUpForm() {
  // Not sent before the page is live (a server-rendered form would be sent by the browser as a page load).
  const hydrated = useHydrated();
  // Read once in the page (the server that rendered it cannot see this browser's storage): the code a
  // share link left in this browser within its window, sent with the sign-up.
  const [referralCode, setReferralCode] = useState<string | null>(null);
  useEffect(() => setReferralCode(readReferralCode()), []);
  const { t } = useLingui();
  const revealButtonProps = useRevealButtonProps();
  const minLength = PASSWORD_MIN_LENGTH;
  const { values, setField, errors, isPending, submit } = useAuthForm({
    initialValues: { email: '', username: '', password: '' },
    schema: ZSignUpFields,
    send: async (request) => {
      const response = await postRegister({ ...request, referralCode });
      // The account is attributed (or not) once and for all; the next sign-up here starts afresh.
      clearRememberedReferral();
      return response;
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <InvitedBy code={referralCode} />
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
        <TextInput
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          size="md"
          value={values.username}
          onChange={(event) => setField('username', event.currentTarget.value)}
          error={errors.fields.username}
        />
        <PasswordInput
          label={t`Password`}
          visibilityToggleButtonProps={revealButtonProps}
          autoComplete="new-password"
          description={t`At least ${minLength} characters`}
          size="md"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.fields.password}
        />
        <Button type="submit" size="md" fullWidth loading={isPending} disabled={isPending || !hydrated}>
          <Trans>Create account</Trans>
        </Button>
      </Stack>
    </form>
  );
}
