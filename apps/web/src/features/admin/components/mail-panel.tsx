import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { TAdminMail } from '@pulse/contract/mail';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDateTimeWithYear } from '../../../lib/format';
import { useAdminMail, useMailRetry, type AdminMailStatus } from '../api/admin-mail';
import { showAdminFailure, showAdminSuccess } from './show-admin-toast';

function MailRow({ mail }: { mail: TAdminMail }) {
  const { t } = useLingui();
  const retry = useMailRetry();
  const createdAt = formatDateTimeWithYear(mail.createdAt);
  const nextAttemptAt = formatDateTimeWithYear(mail.nextAttemptAt);
  const attempts = mail.attempts;
  const to = mail.to;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Mail to ${to}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t`To ${to} · queued ${createdAt}`}
            </Text>
          </div>
          <Badge color={mail.status === 'failed' ? 'red' : 'gray'} variant="light" radius="sm">
            {mail.status === 'failed' ? t`Failed` : t`Waiting`}
          </Badge>
        </Group>
        <Text size="sm">{mail.status === 'failed' ? t`Tried ${attempts} times.` : t`Tried ${attempts} times; next try ${nextAttemptAt}.`}</Text>
        {mail.lastError && (
          <Text size="sm" c="red.8" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {mail.lastError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconMailForward size={18} aria-hidden />}
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(mail.id, {
                onSuccess: () => showAdminSuccess(t`Mail queued again`),
                onError: (error) => showAdminFailure(t`Could not retry`, error.message),
              })
            }
          >
            <Trans>Retry now</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The "Mail" tab: mails the outbox could not send after its last try, and those still waiting. */
export function MailPanel() {
  const { t } = useLingui();
  const [status, setStatus] = useState<AdminMailStatus>('failed');
  const mail = useAdminMail(status);
  const failed = mail.data?.counts.failed;
  const queued = mail.data?.counts.queued;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        <Trans>Mail is sent from an outbox and tried again with growing pauses; after the last try it is listed here as failed.</Trans>
      </Text>
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value === 'queued' ? 'queued' : 'failed')}
        data={[
          { value: 'failed', label: failed === undefined ? t`Failed` : t`Failed (${failed})` },
          { value: 'queued', label: queued === undefined ? t`Waiting` : t`Waiting (${queued})` },
        ]}
        aria-label={t`Which mails`}
      />
      {mail.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : mail.isError ? (
        <LoadErrorAlert title={t`The mail outbox could not be loaded.`} onRetry={() => void mail.refetch()} />
      ) : mail.data.items.length === 0 ? (
        <Text c="dimmed">{status === 'failed' ? t`No failed mail.` : t`No mail waiting.`}</Text>
      ) : (
        <Stack gap="sm">
          {mail.data.items.map((item) => (
            <MailRow key={item.id} mail={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
