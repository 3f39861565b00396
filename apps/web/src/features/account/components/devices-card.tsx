import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountSession } from '@pulse/contract/account';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatRelativeTime } from '../../../lib/format';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { ACCOUNT_SESSIONS_KEY, getAccountSessions, signOutEverywhere, signOutSession } from '../api/account-api';
import { deviceLabel } from './device-label';

function DeviceRow({ session, onSignOut, busy }: { session: TAccountSession; onSignOut: () => void; busy: boolean }) {
  const { t } = useLingui();
  const Icon = session.mobile ? IconDeviceMobile : IconDeviceDesktop;
  const label = deviceLabel(session);
  const lastActive = formatRelativeTime(session.lastActiveAt, Date.now());
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="device-row">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Icon size={28} stroke={1.6} aria-hidden />
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            {session.current && (
              <Badge color="primary" variant="light">
                <Trans>This device</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.keepSignedIn ? t`Last active: ${lastActive} · stays signed in` : t`Last active: ${lastActive}`}
          </Text>
        </Stack>
      </Group>
      <Button variant="default" size="sm" style={{ flexShrink: 0 }} onClick={onSignOut} loading={busy} aria-label={t`Sign out ${label}`}>
        <Trans>Sign out</Trans>
      </Button>
    </Group>
  );
}

/** The signed-in devices of the account (decision 051): one sign-out each, and one for all. */
export function DevicesCard() {
  const { t } = useLingui();
  const { logout } = useAuth();
  const queryClient = useQueryClient();
  const { isPending, runOnce } = useSingleSubmit();
  const [endingId, setEndingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sessions = useQuery({ queryKey: ACCOUNT_SESSIONS_KEY, queryFn: ({ signal }) => getAccountSessions(signal) });

  const endOne = (session: TAccountSession) =>
    void runOnce(async () => {
      setError(null);
      setEndingId(session.id);
      try {
        await signOutSession(session.id);
        if (session.current) {
          await logout(undefined, '/login');
          return;
        }
      } catch {
        // Already signed out elsewhere (404): the list below is refreshed either way.
      } finally {
        setEndingId(null);
      }
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY });
    });

  const endAll = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await signOutEverywhere();
        await logout(undefined, '/login');
      } catch {
        setError(t`Could not sign out everywhere. Please try again.`);
      }
    });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            <Trans>Signed-in devices</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Where your account is signed in now. Sign out a device you do not recognise.</Trans>
          </Text>
        </Stack>
        {sessions.isPending && <Loader size="sm" aria-label={t`Loading devices`} />}
        {sessions.isError && (
          <Alert color="red" variant="light">
            <Trans>Could not load your devices.</Trans>
          </Alert>
        )}
        {sessions.data?.sessions.map((session) => (
          <DeviceRow key={session.id} session={session} busy={endingId === session.id} onSignOut={() => endOne(session)} />
        ))}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button color="red" variant="light" onClick={endAll} loading={isPending && endingId === null} disabled={isPending} fullWidth>
          <Trans>Sign out everywhere</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
