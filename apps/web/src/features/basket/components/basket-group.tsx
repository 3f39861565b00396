import { Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TBasketSellerGroup } from '@pulse/contract/baskets';
import { formatMoney } from '../../../lib/format';
import { BasketLine } from './basket-line';
import classes from './basket.module.css';

/** One farm's lines: the shop name on top, its subtotal below (it becomes one order). */
export function BasketGroup({ group, currency }: { group: TBasketSellerGroup; currency: string }) {
  const { t } = useLingui();
  const headingId = `farm-${group.sellerUserId}`;
  const shop = group.shopName;
  const itemCount = group.items.length;
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
          <Plural value={itemCount} one="# item" other="# items" />
        </Text>
      </div>
      <ul className={classes.lines}>
        {group.items.map((item) => (
          <BasketLine key={item.id} item={item} currency={currency} />
        ))}
      </ul>
      <div className={classes.groupFooter}>
        <Text size="sm" c="dimmed">
          <Trans>Subtotal</Trans>
        </Text>
        <Text fw={700} className={classes.amount} aria-label={t`Subtotal of ${shop}`} data-keep-clear>
          {formatMoney(group.subtotalMinor, currency)}
        </Text>
      </div>
    </Paper>
  );
}
