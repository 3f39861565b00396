import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Blockquote, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconExternalLink, IconEyeOff, IconFlag, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ZSuspendUserInput } from '@pulse/contract/admin';
import { reportCategoryLabels, type TAdminReport, type TReportStatus } from '@pulse/contract/hub';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useAdminReports } from '../api/get-admin-reports';
import { useReportDecision } from '../api/post-report-decision';
import { REPORT_FILTER_LABELS, REPORT_STATUS_FILTERS, parseReportStatusFilter } from '../utils/admin-filters';
import { LoadMoreButton } from './load-more-button';
import { ReasonDialog } from './reason-dialog';
import { showAdminFailure, showAdminSuccess } from './show-admin-toast';
import { useAdminParam } from './use-admin-param';
import { formatDateTimeWithYear } from '../../../lib/format';
import { contractText } from '../../../lib/contract-text';

const STATUS_COLORS: Readonly<Record<TReportStatus, string>> = {
  open: 'yellow',
  hidden: 'red',
  dismissed: 'gray',
  author_suspended: 'red',
};

const EMPTY_MESSAGES: Readonly<Record<TReportStatus, MessageDescriptor>> = {
  open: msg`No open reports: nothing waits for you.`,
  hidden: msg`No reported item has been hidden yet.`,
  dismissed: msg`No report has been dismissed yet.`,
  author_suspended: msg`No author has been suspended over a report yet.`,
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

function ReportCard({ report }: { report: TAdminReport }) {
  const { i18n, t } = useLingui();
  const decision = useReportDecision(report.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [suspending, setSuspending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noun = report.targetType;
  const isOpen = report.status === 'open';
  const author = report.author.username;
  const reporter = report.reporter.username;
  const count = report.reportCountOnTarget;
  const reportedAt = formatDateTimeWithYear(report.createdAt);
  const decidedAt = report.decidedAt ? formatDateTimeWithYear(report.decidedAt) : '';
  const decidedBy = report.decidedBy;

  const decide = (action: 'hide' | 'dismiss') =>
    void runOnce(async () => {
      setError(null);
      try {
        await decision.mutateAsync({ action });
        const title =
          action === 'hide' ? t`${select(noun, { post: 'The post is hidden', other: 'The comment is hidden' })}` : t`Report dismissed`;
        showAdminSuccess(title, t`${reporter} is told the outcome.`);
      } catch (failure) {
        reportFailure(failure);
      }
    });

  /** Shown on the card; a report another admin already decided leaves the list, so that message is a toast. */
  function reportFailure(failure: unknown) {
    const message = getServerFormErrors(failure, []).form;
    if (isApiError(failure) && failure.status === 409 && message) showAdminFailure(t`Report not changed`, message);
    else setError(message);
  }

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`${select(noun, { post: `Report of a post by ${author}`, other: `Report of a comment by ${author}` })}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color="orange" variant="light" radius="sm" leftSection={<IconFlag size={12} aria-hidden />}>
              {contractText(reportCategoryLabels[report.category])}
            </Badge>
            <Badge color={STATUS_COLORS[report.status]} variant="outline" radius="sm">
              {i18n._(REPORT_FILTER_LABELS[report.status])}
            </Badge>
            {report.reportCountOnTarget > 1 && (
              <Badge color="red" variant="filled" radius="sm">
                {t`${select(noun, { post: `${count} reports on this post`, other: `${count} reports on this comment` })}`}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>Reported {reportedAt}</Trans>
          </Text>
        </Group>

        <Field label={
            report.targetHidden
              ? t`${select(noun, { post: 'Reported post (hidden)', other: 'Reported comment (hidden)' })}`
              : t`${select(noun, { post: 'Reported post', other: 'Reported comment' })}`
          }>
          <Blockquote p="xs" mt={4} radius="sm" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>
            {report.excerpt || '—'}
          </Blockquote>
        </Field>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t`Author`}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {report.author.username}
              </Text>
              {report.author.suspended && (
                <Badge color="red" variant="filled" radius="sm" size="sm">
                  <Trans>Suspended</Trans>
                </Badge>
              )}
            </Group>
          </Field>
          <Field label={t`Reported by`}>
            <Text size="sm">{report.reporter.username}</Text>
          </Field>
        </SimpleGrid>

        <Field label={t`Reporter's comment`}>
          <Text size="sm" c={report.comment ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.comment || t`No comment`}
          </Text>
        </Field>

        <Anchor component={Link} to={`/pulse/${report.postId}`} size="sm" w="fit-content">
          <Group gap={4} component="span">
            {noun === 'post' ? t`Open the post` : t`Open the post of this comment`}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>

        {!isOpen && report.decidedAt && (
          <Text size="sm" c="dimmed">
            {decidedBy ? t`Decided ${decidedAt} by ${decidedBy}` : t`Decided ${decidedAt}`}
          </Text>
        )}

        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}

        {isOpen && (
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Button color="red" leftSection={<IconEyeOff size={18} aria-hidden />} onClick={() => decide('hide')} loading={isPending}>
              <Trans>Hide</Trans>
            </Button>
            <Button variant="default" leftSection={<IconCheck size={18} aria-hidden />} onClick={() => decide('dismiss')} disabled={isPending}>
              <Trans>Dismiss</Trans>
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconUserOff size={18} aria-hidden />}
              onClick={() => setSuspending(true)}
              disabled={isPending || report.author.suspended}
              title={report.author.suspended ? t`${author} is already suspended` : undefined}
            >
              <Trans>Suspend author</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      {suspending && (
        <ReasonDialog
          title={t`Suspend ${author}?`}
          text={t`${select(noun, {
            post: `The post is hidden, ${author} is signed out everywhere at once and cannot sign in until the suspension is lifted (Users). The reporter is told the outcome.`,
            other: `The comment is hidden, ${author} is signed out everywhere at once and cannot sign in until the suspension is lifted (Users). The reporter is told the outcome.`,
          })}`}
          label={t`Reason for the suspension`}
          confirmLabel={t`Suspend author`}
          schema={ZSuspendUserInput}
          onConfirm={async (reason) => {
            try {
              await decision.mutateAsync({ action: 'suspend_author', reason });
            } catch (failure) {
              // Already decided: the dialog closes with the card; anything else shows under the reason.
              if (isApiError(failure) && failure.status === 409) {
                reportFailure(failure);
                return;
              }
              throw failure;
            }
            showAdminSuccess(
              t`Author suspended`,
              t`${select(noun, { post: `${author} is signed out and the post is hidden.`, other: `${author} is signed out and the comment is hidden.` })}`,
            );
          }}
          onClose={() => setSuspending(false)}
        />
      )}
    </Paper>
  );
}

/** Pulse Hub reports: open ones oldest first, each with the item as it is now and the three decisions. */
export function ReportsPanel() {
  const { i18n, t } = useLingui();
  const [statusParam, setStatus] = useAdminParam('reportStatus');
  const status = parseReportStatusFilter(statusParam);
  const list = useAdminReports(status);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Select
        label={t`Show`}
        value={status}
        onChange={(value) => setStatus(value === 'open' ? null : value, { replace: true })}
        data={REPORT_STATUS_FILTERS.map((value) => ({ value, label: i18n._(REPORT_FILTER_LABELS[value]) }))}
        allowDeselect={false}
        w={220}
      />
      {list.isError && <LoadErrorAlert title={t`Could not load the reports`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={260} radius="md" role="status" aria-label={t`Loading reports`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {i18n._(EMPTY_MESSAGES[status])}
          </Text>
        </Paper>
      )}
      {items.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Stack>
  );
}
