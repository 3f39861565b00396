import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconFileX, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TSellerApplication } from '@pulse/contract/sellers';
import { formatApplicationDate } from '../utils/format-application-date';

/** What the applicant reads about their application: one card per status, or "not applied yet". */
export function ApplicationStatusCard({ application, showStatusLink = false }: { application: TSellerApplication | null; showStatusLink?: boolean }) {
  if (!application) {
    return (
      <StatusPaper icon={<IconUserPlus size={32} stroke={1.6} />} color="gray" heading="You have not applied yet">
        <Text c="dimmed">Tell us about your farm and how you want to be paid; we review applications within a few days.</Text>
        <Group>
          <Button component={Link} to="/seller-signup">
            Apply to sell
          </Button>
        </Group>
      </StatusPaper>
    );
  }
  const submitted = `Submitted on ${formatApplicationDate(application.submittedAt)}`;
  if (application.status === 'pending') {
    return (
      <StatusPaper icon={<IconClockHour4 size={32} stroke={1.6} />} color="yellow" heading="We are reviewing your application" badge="Pending">
        <Text>
          <Text span fw={600}>
            {application.businessName}
          </Text>{' '}
          · {application.region}
        </Text>
        <Text c="dimmed" size="sm">
          {submitted}. We will notify you as soon as a reviewer has decided.
        </Text>
        {showStatusLink && (
          <Group>
            <Button component={Link} to="/seller-application-status" variant="light">
              View application status
            </Button>
          </Group>
        )}
      </StatusPaper>
    );
  }
  if (application.status === 'approved') {
    return (
      <StatusPaper icon={<IconCircleCheck size={32} stroke={1.6} />} color="green" heading="You're approved" badge="Approved">
        <Text>
          <Text span fw={600}>
            {application.businessName}
          </Text>{' '}
          can now sell on Pulse Market.
        </Text>
        <Text c="dimmed" size="sm">
          Switch to seller mode from the menu (Switch to Seller) to list your produce and manage orders.
        </Text>
        {showStatusLink && (
          <Group>
            <Button component={Link} to="/seller-application-status" variant="light">
              View application status
            </Button>
          </Group>
        )}
      </StatusPaper>
    );
  }
  return (
    <StatusPaper icon={<IconFileX size={32} stroke={1.6} />} color="red" heading="Your application was not approved" badge="Rejected">
      <Text c="dimmed" size="sm">
        {submitted}
        {application.reviewedAt ? ` · reviewed on ${formatApplicationDate(application.reviewedAt)}` : ''}
      </Text>
      <Stack gap={2}>
        <Text fw={600} size="sm">
          Reviewer's reason
        </Text>
        <Text>{application.rejectionReason ?? 'No reason was given.'}</Text>
      </Stack>
      <Group>
        <Button component={Link} to="/seller-signup">
          Apply again
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
