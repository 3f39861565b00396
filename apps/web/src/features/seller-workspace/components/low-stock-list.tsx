import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TLowStockProduct } from '@pulse/contract/seller-dashboard';
import { resolveMediaUrl } from '../../../lib/media-url';
import { Trans } from '@lingui/react/macro';
import type { TProductUnit } from '@pulse/contract/products';
import { quantityText } from '../../../lib/catalogue/seller-unit-text';

/** "Sold out" or "3 kg left". */
function StockLeft({ available, unit }: { available: number; unit: TProductUnit }) {
  if (available <= 0) return <Trans>Sold out</Trans>;
  const quantity = quantityText(available, unit);
  return <Trans>{quantity} left</Trans>;
}

/** Active products about to run out (available at or below the threshold), lowest first. */
export function LowStockList({ products, count }: { products: TLowStockProduct[]; count: number }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="low-stock-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="low-stock-heading">
          <Trans>Low stock</Trans>
        </Title>
        {count > 0 && (
          <Badge color="red" variant="light">
            {count}
          </Badge>
        )}
      </Group>
      {products.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Every active product has enough stock.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {products.map((product) => (
            <Group key={product.id} component="li" wrap="nowrap" gap="sm" data-testid="low-stock-product">
              <Avatar src={product.thumbUrl ? resolveMediaUrl(product.thumbUrl) : null} radius="md" size={40} alt="" color="orange">
                <IconLeaf size={20} aria-hidden />
              </Avatar>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={`/seller/products/${product.id}`} fw={600} size="sm" truncate>
                  {product.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  <StockLeft available={product.available} unit={product.unit} />
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
