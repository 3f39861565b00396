import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import { IconBuildingStore, IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import type { TAssistantOrder } from '@pulse/contract/assistant';
import { orderStatusColors } from '../../../lib/orders/order-groups';
import { orderCardName, orderLinks } from '../utils/block-format';
import { AnswerLink } from './answer-link';
import classes from './assistant.module.css';

/** One of the person's orders in an answer: number, state, what happens next, shop, total, links. */
export function OrderAnswerCard({ order }: { order: TAssistantOrder }) {
  // Subscribes to the language: orderCardName and orderLinks read it when called.
  useLingui();
  const number = order.number;
  return (
    <article className={`${classes.card} ${classes.orderCard}`} aria-label={orderCardName(order)} data-testid="assistant-order">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          <Trans>Order #{number}</Trans>
        </Text>
        <Badge color={orderStatusColors[order.status]} variant="light" radius="sm" data-testid="assistant-order-status">
          {order.statusLabel}
        </Badge>
      </Group>
      <Text size="sm">{order.nextStep}</Text>
      <Group gap="md" c="dimmed">
        <Group gap={4} wrap="nowrap">
          <IconBuildingStore size={14} aria-hidden />
          <Text size="xs">{order.shopName}</Text>
        </Group>
        <Text size="xs" fw={600} c="dark">
          {formatMoney(order.totalMinor, order.currency)}
        </Text>
      </Group>
      {order.delivery && (
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconTruckDelivery size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs">{order.delivery}</Text>
        </Group>
      )}
      <Group gap="xs" mt={2}>
        {orderLinks(order).map((link, index) => (
          <AnswerLink key={link.to} link={link} variant={index === 0 ? 'filled' : 'light'} />
        ))}
      </Group>
    </article>
  );
}

