import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Seller mode for someone the server does not count as an approved seller (403). */
export function SellerAccessNotice() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="seller-only-notice">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius={32} variant="light" color="orange" aria-hidden>
          <IconBuildingStore size={32} stroke={1.6} />
        </ThemeIcon>
        <Text component="h2" fw={700} fz="lg">
          For approved sellers
        </Text>
        <Text c="dimmed" maw={420}>
          Earnings and payouts are for farms whose seller application was approved. Check where your application stands, or apply to sell on Pulse Market.
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/seller-application-status" color="orange">
            Application status
          </Button>
          <Button component={Link} to="/sellers" variant="default">
            Start selling
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
