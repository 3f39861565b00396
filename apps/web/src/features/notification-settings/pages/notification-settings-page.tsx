import { useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TNotificationChannel } from '@pulse/contract/notification-preferences';
import type { PageProps } from '../../../app/route-types';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { getNotificationPreferences, NOTIFICATION_PREFERENCES_KEY, putNotificationPreferences } from '../api/notification-settings-api';
import { ALWAYS_SENT_LABELS, CATEGORY_LABELS } from '../components/category-labels';
import { changesOf, CHANNELS, type Draft } from '../utils/preference-changes';

/**
 * /account/notifications (issue 25, decision 055): per kind of event, in the app, push and e-mail;
 * receipts and security mail shown as always sent. Reached from /account and the notifications pages.
 */
export function NotificationSettingsPage({ route }: PageProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { isPending, runOnce } = useSingleSubmit();
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const preferences = useQuery({ queryKey: NOTIFICATION_PREFERENCES_KEY, queryFn: ({ signal }) => getNotificationPreferences(signal) });
  const channelNames: Record<TNotificationChannel, string> = { in_app: t`In the app`, push: t`Push`, email: t`E-mail` };

  const categories = preferences.data?.categories ?? [];
  const changes = changesOf(categories, draft);

  const save = () =>
    void runOnce(async () => {
      setError(null);
      try {
        const saved = await putNotificationPreferences(changes);
        queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
        setDraft({});
        notifications.show({ color: 'green', title: t`Notification settings saved`, message: t`You will hear about each kind of event the way you chose.` });
      } catch {
        setError(t`Your choices could not be saved. Please try again.`);
      }
    });

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {route.title}
          </Title>
          <Text c="dimmed">
            <Trans>Choose how you hear about each kind of event: in the app, by push on this device's lock screen, or by e-mail.</Trans>
          </Text>
        </Stack>

        {preferences.isPending && <Loader aria-label={t`Loading your notification settings`} />}
        {preferences.isError && (
          <Alert color="red" variant="light" role="alert">
            <Trans>Your notification settings could not be loaded.</Trans>{' '}
            <Anchor component="button" type="button" inherit onClick={() => void preferences.refetch()}>
              <Trans>Try again</Trans>
            </Anchor>
          </Alert>
        )}

        {categories.map((row) => {
          const labels = CATEGORY_LABELS[row.category];
          const name = i18n._(labels.name);
          return (
            <Card key={row.category} withBorder radius="lg" padding="md" data-testid={`notification-category-${row.category}`}>
              <Stack gap="sm">
                <Stack gap={2}>
                  <Title order={2} size="h4">
                    {name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {i18n._(labels.about)}
                  </Text>
                </Stack>
                <Group gap="lg" wrap="wrap">
                  {CHANNELS.map((channel) => {
                    const stored = row[channel];
                    if (stored === null) return null;
                    const checked = draft[`${row.category}:${channel}`] ?? stored;
                    return (
                      <Switch
                        key={channel}
                        size="md"
                        label={channelNames[channel]}
                        aria-label={`${name}: ${channelNames[channel]}`}
                        checked={checked}
                        onChange={(event) => {
                          const value = event.currentTarget.checked;
                          setDraft((current) => ({ ...current, [`${row.category}:${channel}`]: value }));
                        }}
                      />
                    );
                  })}
                </Group>
              </Stack>
            </Card>
          );
        })}

        {preferences.data?.always_sent.map((kind) => {
          const labels = ALWAYS_SENT_LABELS[kind];
          const name = i18n._(labels.name);
          return (
            <Card key={kind} withBorder radius="lg" padding="md" data-testid={`notification-always-${kind}`}>
              <Stack gap="sm">
                <Stack gap={2}>
                  <Title order={2} size="h4">
                    {name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {i18n._(labels.about)}
                  </Text>
                </Stack>
                <Switch size="md" label={t`E-mail: always sent`} aria-label={`${name}: ${t`E-mail: always sent`}`} checked disabled readOnly />
              </Stack>
            </Card>
          );
        })}

        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {preferences.isSuccess && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor component={Link} to="/account">
              <Trans>Back to your account</Trans>
            </Anchor>
            <Button size="md" onClick={save} loading={isPending} disabled={isPending || changes.length === 0}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
