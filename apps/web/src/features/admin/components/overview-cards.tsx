import { useLingui } from '@lingui/react/macro';
import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconFlag, IconUsers, type Icon } from '@tabler/icons-react';
import type { TGetAdminOverviewResponse } from '@pulse/contract/admin';

function StatCard({ label, value, Icon }: { label: string; value: number | undefined; Icon: Icon }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={6}>
        <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Text c="dimmed" fw={600} size="sm">
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton height={30} width={80} />
        ) : (
          <Text fz={30} fw={800} lh={1} aria-label={t`${label}: ${value}`}>
            {value}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The headline figures at the top of /admin. */
export function OverviewCards({ overview }: { overview: TGetAdminOverviewResponse | undefined }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <StatCard label={t`Users`} value={overview?.users} Icon={IconUsers} />
      <StatCard label={t`Pending seller applications`} value={overview?.pendingSellerApplications} Icon={IconClipboardList} />
      <StatCard label={t`Pending agent applications`} value={overview ? (overview.pendingAgentApplications ?? 0) : undefined} Icon={IconClipboardList} />
      <StatCard label={t`Open reports`} value={overview ? (overview.openReports ?? 0) : undefined} Icon={IconFlag} />
    </SimpleGrid>
  );
}
