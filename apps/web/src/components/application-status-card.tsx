import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconFileX, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ApplicationKind } from '../lib/is-application-update';
import { formatDate } from '../lib/format';

/** What the status card needs of an application, whatever its kind. */
export interface ApplicationStatusView {
  status: 'pending' | 'approved' | 'rejected';
  /** The business name for sellers, the kind of agent for agents. */
  name: string;
  /** Region, and for agents the working radius. */
  detail: string;
  submittedAt: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
}

interface KindText {
  applyPath: string;
  statusPath: string;
  applyLabel: MessageDescriptor;
  notAppliedText: MessageDescriptor;
  approvedNext: MessageDescriptor;
  approvedAction: { label: MessageDescriptor; to: string } | null;
}

const KIND_TEXT: Record<ApplicationKind, KindText> = {
  seller: {
    applyPath: '/seller-signup',
    statusPath: '/seller-application-status',
    applyLabel: msg`Apply to sell`,
    notAppliedText: msg`Tell us about your farm and how you want to be paid; we review applications within a few days.`,
    approvedNext: msg`Switch to seller mode from the menu (Switch to Seller) to list your produce and manage orders.`,
    approvedAction: null,
  },
  agent: {
    applyPath: '/agent-registration',
    statusPath: '/agent-application-status',
    applyLabel: msg`Apply to become an agent`,
    notAppliedText: msg`Tell us where you work, how you travel and how you want to be paid; we review applications within a few days.`,
    approvedNext: msg`Open your agent dashboard to pick up delivery tasks near you and follow your earnings.`,
    approvedAction: { label: msg`Open agent dashboard`, to: '/agent-dashboard' },
  },
};

interface ApplicationStatusCardProps {
  kind: ApplicationKind;
  application: ApplicationStatusView | null;
  /** Adds "View application status" (on the application form's page). */
  showStatusLink?: boolean;
}

/** What the applicant reads about their seller or agent application: one card per status, or "not applied yet". */
export function ApplicationStatusCard({ kind, application, showStatusLink = false }: ApplicationStatusCardProps) {
  const text = KIND_TEXT[kind];
  const { i18n, t } = useLingui();
  if (!application) {
    return (
      <StatusPaper icon={<IconUserPlus size={32} stroke={1.6} />} color="gray" heading={t`You have not applied yet`}>
        <Text c="dimmed">{i18n._(text.notAppliedText)}</Text>
        <Group>
          <Button component={Link} to={text.applyPath}>
            {i18n._(text.applyLabel)}
          </Button>
        </Group>
      </StatusPaper>
    );
  }
  const submittedDate = formatDate(application.submittedAt);
  const name = application.name;
  const statusLink = showStatusLink && (
    <Group>
      <Button component={Link} to={text.statusPath} variant="light">
        <Trans>View application status</Trans>
      </Button>
    </Group>
  );
  if (application.status === 'pending') {
    return (
      <StatusPaper icon={<IconClockHour4 size={32} stroke={1.6} />} color="yellow" heading={t`We are reviewing your application`} badge={t`Pending`}>
        <Text>
          <Text span fw={600}>
            {application.name}
          </Text>
          {application.detail ? ` · ${application.detail}` : ''}
        </Text>
        <Text c="dimmed" size="sm">
          <Trans>Submitted on {submittedDate}. We will notify you as soon as a reviewer has decided.</Trans>
        </Text>
        {statusLink}
      </StatusPaper>
    );
  }
  if (application.status === 'approved') {
    return (
      <StatusPaper icon={<IconCircleCheck size={32} stroke={1.6} />} color="green" heading={t`You're approved`} badge={t`Approved`}>
        <Text>
          {kind === 'seller' ? (
            <Trans>
              <Text span fw={600}>
                {name}
              </Text>{' '}
              can now sell on Pulse Market.
            </Trans>
          ) : (
            <Trans>
              <Text span fw={600}>
                {name}
              </Text>{' '}
              is now a Pulse Agent.
            </Trans>
          )}
        </Text>
        <Text c="dimmed" size="sm">
          {i18n._(text.approvedNext)}
        </Text>
        {text.approvedAction && (
          <Group>
            <Button component={Link} to={text.approvedAction.to}>
              {i18n._(text.approvedAction.label)}
            </Button>
          </Group>
        )}
        {statusLink}
      </StatusPaper>
    );
  }
  const reviewedDate = application.reviewedAt ? formatDate(application.reviewedAt) : null;
  return (
    <StatusPaper icon={<IconFileX size={32} stroke={1.6} />} color="red" heading={t`Your application was not approved`} badge={t`Rejected`}>
      <Text c="dimmed" size="sm">
        {reviewedDate ? t`Submitted on ${submittedDate} · reviewed on ${reviewedDate}` : t`Submitted on ${submittedDate}`}
      </Text>
      <Stack gap={2}>
        <Text fw={600} size="sm">
          <Trans>Reviewer's reason</Trans>
        </Text>
        <Text>{application.rejectionReason ?? t`No reason was given.`}</Text>
      </Stack>
      <Group>
        <Button component={Link} to={text.applyPath}>
          <Trans>Apply again</Trans>
        </Button>
      </Group>
    </StatusPaper>
  );
}

function StatusPaper({ icon, color, heading, badge, children }: { icon: React.ReactNode; color: string; heading: string; badge?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-label={heading} component="section">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={56} radius={28} variant="light" color={color} aria-hidden style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <Stack gap="sm" style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {heading}
            </Title>
            {badge && (
              <Badge color={color} variant="light">
                {badge}
              </Badge>
            )}
          </Group>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}
