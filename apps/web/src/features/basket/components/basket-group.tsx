import { Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { TBasketSellerGroup } from '@pulse/contract/baskets';
import { formatMoney } from '../../../lib/format';
import { BasketLine } from './basket-line';
import classes from './basket.module.css';

/** One farm's lines: the shop name on top, its subtotal below (it becomes one order). */
export function BasketGroup({ group, currency }: { group: TBasketSellerGroup; currency: string }) {
  const headingId = `farm-${group.sellerUserId}`;
  return (
    <Paper withBorder radius="lg" className={classes.group} component="section" aria-labelledby={headingId} data-testid="basket-group">
      <div className={classes.groupHeader}>
        <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
          <IconBuildingStore size={18} />
        </ThemeIcon>
        <Text component="h2" id={headingId} fw={700} size="md" style={{ flex: 1, minWidth: 0 }} truncate>
          {group.shopName}
        </Text>
        <Text size="sm" c="dimmed">
          {group.items.length} {group.items.length === 1 ? 'item' : 'items'}
        </Text>
      </div>
      <ul className={classes.lines}>
        {group.items.map((item) => (
          <BasketLine key={item.id} item={item} currency={currency} />
        ))}
      </ul>
      <div className={classes.groupFooter}>
        <Text size="sm" c="dimmed">
          Subtotal
        </Text>
        <Text fw={700} className={classes.amount} aria-label={`Subtotal of ${group.shopName}`} data-keep-clear>
          {formatMoney(group.subtotalMinor, currency)}
        </Text>
      </div>
    </Paper>
  );
}
