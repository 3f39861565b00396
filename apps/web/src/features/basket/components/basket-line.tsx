import { ActionIcon, Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconLeaf, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { TBasketItem } from '@pulse/contract/baskets';
import { formatMoney } from '../../../lib/format';
import { resolveMediaUrl } from '../../../lib/media-url';
import { formatQuantity, quantityBounds, suggestLineFix } from '../utils/basket-display';
import { unitPriceText } from '../../../lib/unit-text';
import { QuantityStepper } from './quantity-stepper';
import { useBasketLine } from './use-basket-line';
import classes from './basket.module.css';

export function BasketThumb({ url, title }: { url: string | null; title: string }) {
  if (url) return <img className={classes.thumb} src={resolveMediaUrl(url)} alt={title} loading="lazy" />;
  return (
    <div className={classes.thumb} aria-hidden>
      <IconLeaf size={28} stroke={1.5} />
    </div>
  );
}

/** One product in the basket: price, quantity stepper, line total, what is wrong and its fix. */
export function BasketLine({ item, currency }: { item: TBasketItem; currency: string }) {
  const { t } = useLingui();
  const { error, isRemoving, changeQuantity, remove } = useBasketLine(item);
  const title = item.title;
  const unitPrice = unitPriceText(formatMoney(item.unitPriceMinor, currency), item.unit);
  const minimum = formatQuantity(item.minOrderQuantity, item.unit);
  const { min, max } = quantityBounds(item);
  const fix = suggestLineFix(item);
  const problem = error ?? item.problem;
  const canStep = item.productStatus === 'active' && item.availableQuantity > 0;

  return (
    <li className={classes.line} aria-label={item.title} data-testid="basket-line">
      <BasketThumb url={item.thumbUrl} title={item.title} />
      <div className={classes.info}>
        <Anchor component={Link} to={`/product-details/${item.productId}`} c="dark" fw={600} lineClamp={2} size="sm">
          {item.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {item.minOrderQuantity > 1 ? t`${unitPrice} · min. ${minimum}` : unitPrice}
        </Text>
        {problem && (
          <Group gap={6} mt={4} align="center">
            <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="red.7" fw={500} role="alert">
              {problem}
            </Text>
            {fix && (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                style={{ flexShrink: 0 }}
                onClick={() => (fix.kind === 'remove' ? void remove() : changeQuantity(fix.quantity, { immediate: true }))}
              >
                {fix.label}
              </Button>
            )}
          </Group>
        )}
      </div>
      <div className={classes.controls}>
        <QuantityStepper value={item.quantity} min={min} max={max} label={item.title} onChange={changeQuantity} disabled={!canStep || isRemoving} />
        <Text fw={700} className={classes.lineTotal} aria-label={t`Line total of ${title}`} data-keep-clear>
          {formatMoney(item.lineTotalMinor, currency)}
        </Text>
      </div>
      <Tooltip label={t`Remove`} withArrow>
        <ActionIcon
          className={classes.remove}
          variant="subtle"
          color="gray"
          size={36}
          radius="xl"
          aria-label={t`Remove ${title}`}
          data-keep-clear
          onClick={() => void remove()}
          loading={isRemoving}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}
