import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Drawer, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import type { TAdminApplicationSummary, TApplicationKind } from '@pulse/contract/admin';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAdminApplications } from '../api/get-admin-applications';
import { parseApplicationStatusFilter, pendingFirst, type ApplicationStatusFilter } from '../utils/admin-filters';
import { ApplicationDetail } from './application-detail';
import { LoadMoreButton } from './load-more-button';
import { StatusBadge } from './status-badge';
import { useAdminParam } from './use-admin-param';
import { formatDateTimeWithYear } from '../../../lib/format';

const STATUS_OPTIONS: { value: ApplicationStatusFilter; label: MessageDescriptor }[] = [
  { value: 'pending', label: msg`Pending` },
  { value: 'approved', label: msg`Approved` },
  { value: 'rejected', label: msg`Rejected` },
  { value: 'all', label: msg`All statuses` },
];

function ApplicationRow({ application, onOpen }: { application: TAdminApplicationSummary; onOpen: () => void }) {
  const { t } = useLingui();
  const submitted = formatDateTimeWithYear(application.submittedAt);
  const displayName = application.displayName;
  return (
    <Paper withBorder radius="md" p={0}>
      <UnstyledButton onClick={onOpen} p="md" w="100%" aria-label={t`Open the application of ${displayName}`}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} truncate>
                {application.displayName}
              </Text>
              <StatusBadge status={application.status} />
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {application.applicant.username} · {application.applicant.email}
            </Text>
            <Text size="sm" c="dimmed">
              {[application.region, t`submitted ${submitted}`].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <IconChevronRight size={20} aria-hidden />
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

/** Seller and agent applications (one queue, the kind filter): pending first, filters in the address, the detail in a drawer. */
export function ApplicationsPanel() {
  const { i18n, t } = useLingui();
  const [statusParam, setStatus] = useAdminParam('status');
  const [kindParam, setKind] = useAdminParam('kind');
  const [openId, setOpenId] = useAdminParam('application');
  const status = parseApplicationStatusFilter(statusParam);
  const kind: TApplicationKind = kindParam === 'agent' ? 'agent' : 'seller';
  const list = useAdminApplications(status, kind);
  const isPhone = useMediaQuery('(max-width: 48em)');

  const items = pendingFirst(list.data?.pages.flatMap((page) => page.items) ?? []);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t`Kind of application`}
          value={kind}
          onChange={(value) => setKind(value === 'seller' ? null : value, { replace: true })}
          data={[
            { value: 'seller', label: t`Sellers` },
            { value: 'agent', label: t`Agents` },
          ]}
        />
        <Select
          label={t`Status`}
          value={status}
          onChange={(value) => setStatus(value === 'pending' ? null : value, { replace: true })}
          data={STATUS_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.isError && <LoadErrorAlert title={t`Could not load the applications`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label={t`Loading applications`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {status === 'pending'
              ? kind === 'agent'
                ? t`No agent applications waiting for a decision.`
                : t`No seller applications waiting for a decision.`
              : t`No applications here.`}
          </Text>
        </Paper>
      )}
      <Stack gap="sm" aria-label={t`Applications`} role="list">
        {items.map((application) => (
          <div role="listitem" key={application.id}>
            <ApplicationRow application={application} onOpen={() => setOpenId(application.id)} />
          </div>
        ))}
      </Stack>
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null, { replace: true })}
        position={isPhone ? 'bottom' : 'right'}
        size={isPhone ? '92%' : 'lg'}
        title={t`Application`}
        radius={isPhone ? 'lg' : 0}
      >
        {openId && <ApplicationDetail id={openId} />}
      </Drawer>
    </Stack>
  );
}
