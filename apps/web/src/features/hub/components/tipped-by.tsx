import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { usePostTips, useTipOptions } from '../api/hub-queries';
import { HubAvatar, profilePath } from '../../../components/hub/author-line';

/** For the author: who tipped this post and how much. */
export function TippedBy({ postId }: { postId: string }) {
  const tips = usePostTips(postId, true);
  const currency = useTipOptions(true).data?.currency ?? 'USD';
  if (!tips.data || tips.data.items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="tipped-by">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={16}>
          <Trans>Tipped by</Trans>
        </Title>
        <Text fw={700} c="gold.9">
          {formatMoney(tips.data.tipTotalMinor, currency)}
        </Text>
      </Group>
      <Stack gap={8}>
        {tips.data.items.map((tip) => (
          <Group key={tip.id} justify="space-between" wrap="nowrap">
            <Link to={profilePath(tip.tipper.username)} style={{ textDecoration: 'none', color: 'inherit' }}>
              <Group gap={8} wrap="nowrap">
                <HubAvatar author={tip.tipper} size={28} />
                <Text size="sm" fw={600}>
                  {tip.tipper.username}
                </Text>
              </Group>
            </Link>
            <Text size="sm">{formatMoney(tip.amountMinor, currency)}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
