import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZProductUnit } from '@pulse/contract/products';
import { quantityText } from '../../../lib/catalogue/seller-unit-text';
import { useStandingDemand } from '../api/get-standing-demand';
import { isShort, sortDemand } from '../utils/standing-demand';

function amount(quantity: number, unit: string): string {
  const known = ZProductUnit.safeParse(unit);
  return known.success ? quantityText(quantity, known.data) : `${quantity} ${unit}`;
}

/** "Weekly baskets this week": how many run, and per product what they will order in the next 7 days and for how many buyers. */
export function StandingDemandCard() {
  const { t } = useLingui();
  const demand = useStandingDemand();
  // A server without weekly baskets, or a failed load: the dashboard goes on without the card.
  if (demand.isError) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="standing-demand-heading" data-testid="standing-demand">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="standing-demand-heading">
          <Trans>Weekly baskets this week</Trans>
        </Title>
        {demand.data && (
          <Badge variant="light" tt="none">
            {t`${plural(demand.data.standingOrderCount, { one: '# running', other: '# running' })}`}
          </Badge>
        )}
      </Group>
      {demand.isPending && <Skeleton height={72} radius="md" />}
      {demand.data && demand.data.products.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No weekly basket orders from you in the next 7 days.</Trans>
        </Text>
      )}
      {demand.data && demand.data.products.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            <Trans>Expected in the next 7 days, so you can harvest for it.</Trans>
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sortDemand(demand.data.products).map((product) => {
              const expected = amount(product.quantity, product.unit);
              const available = amount(product.available, product.unit);
              const buyers = product.buyers;
              return (
                <Stack key={product.productId} component="li" gap={2} data-testid="standing-demand-product">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={`/seller/products/${product.productId}`} fw={600} size="sm" truncate>
                      {product.title}
                    </Anchor>
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {expected}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t`${plural(buyers, { one: '# buyer', other: '# buyers' })}`}
                  </Text>
                  {isShort(product) && (
                    <Group gap={4} wrap="nowrap">
                      <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
                      <Text size="xs" c="orange.8">
                        <Trans>Only {available} on sale: add stock before the cut-off.</Trans>
                      </Text>
                    </Group>
                  )}
                </Stack>
              );
            })}
          </Stack>
        </>
      )}
    </Paper>
  );
}
