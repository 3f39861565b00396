import { Alert, Container, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList, IconLock, IconUsers, type Icon } from '@tabler/icons-react';
import { useAdminOverview } from '../api/get-admin-overview';

function StatCard({ label, value, Icon }: { label: string; value: number | undefined; Icon: Icon }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <Text c="dimmed" fw={600} size="sm">
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton height={36} width={80} />
        ) : (
          <Text fz={36} fw={800} lh={1} aria-label={`${label}: ${value}`}>
            {value}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Admin landing page: two headline figures; the admin tools themselves are later issues. */
export function AdminPage() {
  const overview = useAdminOverview();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Admin</Title>
          <Text c="dimmed">An overview of the marketplace.</Text>
        </div>
        {overview.isError ? (
          <Alert color="red" variant="light" icon={<IconLock size={20} />} title="Overview unavailable">
            Only administrators can see these figures.
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StatCard label="Users" value={overview.data?.users} Icon={IconUsers} />
            <StatCard label="Pending seller applications" value={overview.data?.pendingSellerApplications} Icon={IconClipboardList} />
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
