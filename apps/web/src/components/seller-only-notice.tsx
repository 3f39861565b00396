import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * What a signed-in person who is not an approved seller sees instead of seller data (the server
 * said 403). `what` names the refused part, e.g. "The seller dashboard" or "Earnings and payouts".
 */
export function SellerOnlyNotice({ what }: { what: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="seller-only-notice">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius={32} variant="light" color="orange" aria-hidden>
          <IconBuildingStore size={32} stroke={1.6} />
        </ThemeIcon>
        <Text component="h2" fw={700} fz="lg">
          <Trans>For approved sellers</Trans>
        </Text>
        <Text c="dimmed" maw={420}>
          <Trans>{what} is for farms whose seller application was approved. Check where your application stands, or apply to sell on Pulse Market.</Trans>
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/seller-application-status" color="orange">
            <Trans>Application status</Trans>
          </Button>
          <Button component={Link} to="/sellers" variant="default">
            <Trans>Start selling</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
