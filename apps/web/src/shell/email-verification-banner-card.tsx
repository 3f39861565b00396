import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../lib/api-error';
import { resendEmailLink } from '../lib/auth/email-verification-api';
import { useSingleSubmit } from '../lib/use-single-submit';
import classes from './email-verification-banner.module.css';

/** The banner's content: the address, "Send it again" (a toast, or the server's refusal such as the hourly limit) and "hide". */
export function EmailVerificationBannerCard({ email, onHide }: { email: string; onHide: () => void }) {
  const { t } = useLingui();
  const { isPending, runOnce } = useSingleSubmit();

  const resend = () =>
    void runOnce(async () => {
      try {
        const sent = await resendEmailLink();
        notifications.show({
          color: 'green',
          title: t`Link sent`,
          message: sent.message,
          autoClose: 5000,
        });
      } catch (error) {
        // Outages and 5xx already got the app's toast; a 4xx (the hourly limit) is said here.
        if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
        notifications.show({
          color: 'red',
          title: t`The link was not sent`,
          message: error.message,
          autoClose: 8000,
        });
      }
    });

  return (
    <Alert
      className={classes.banner}
      color="yellow"
      variant="light"
      role="region"
      aria-label={t`Confirm your e-mail address`}
      data-testid="email-verification-banner"
      withCloseButton
      closeButtonLabel={t`Hide for now`}
      onClose={onHide}
    >
      <Text size="sm">
        <Trans>
          Confirm your e-mail address: we sent a link to <strong>{email}</strong>.
        </Trans>
      </Text>
      <Button mt="xs" size="xs" variant="light" loading={isPending} disabled={isPending} onClick={resend}>
        <Trans>Send it again</Trans>
      </Button>
    </Alert>
  );
}
