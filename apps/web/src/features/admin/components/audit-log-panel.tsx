import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TAuditLogEntry } from '@pulse/contract/admin';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuditLog } from '../api/get-audit-log';
import { describeAuditAction, describeAuditDetails, describeAuditTarget } from '../utils/audit-display';
import { LoadMoreButton } from './load-more-button';
import { formatDateTimeWithYear } from '../../../lib/format';

function AuditEntry({ entry }: { entry: TAuditLogEntry }) {
  const { i18n, t } = useLingui();
  const details = describeAuditDetails(entry.details);
  const action = entry.action;
  const admin = entry.admin?.username ?? t`a deleted admin`;
  const targetType = describeAuditTarget(i18n, entry.targetType);
  const targetId = entry.targetId;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Audit entry ${action}`} data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{describeAuditAction(i18n, entry.action)}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.createdAt}>{formatDateTimeWithYear(entry.createdAt)}</time>
          </Text>
        </Group>
        <Text size="sm">
          <Trans>
            by {admin} · {targetType} {targetId}
          </Trans>
        </Text>
        {details.length > 0 && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {details.map(({ label, value }) => t`${label}: ${value}`).join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Every admin action, newest first. */
export function AuditLogPanel() {
  const { t } = useLingui();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      {log.isError && <LoadErrorAlert title={t`Could not load the audit log`} onRetry={() => void log.refetch()} />}
      {log.isPending && <Skeleton height={220} radius="md" role="status" aria-label={t`Loading the audit log`} />}
      {log.isSuccess && entries.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No admin action yet.</Trans>
        </Text>
      )}
      {entries.map((entry) => (
        <AuditEntry key={entry.id} entry={entry} />
      ))}
      <LoadMoreButton hasNextPage={log.hasNextPage} isFetching={log.isFetchingNextPage} onLoad={() => void log.fetchNextPage()} />
    </Stack>
  );
}
