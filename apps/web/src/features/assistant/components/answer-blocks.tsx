import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { IconBasketCheck, IconLogin2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { TAssistantBlock } from '@pulse/contract/assistant';
import { SESSION_KEYS, writeSessionValue } from '../../../lib/session-keys';
import { blocksToShow, describeBasketAdded, describeWallet, seeAllLink } from '../utils/block-format';
import { AnswerLink } from './answer-link';
import { OrderAnswerCard } from './order-answer-card';
import { ProductAnswerCard } from './product-answer-card';
import classes from './assistant.module.css';

function ProductsBlock({ block }: { block: Extract<TAssistantBlock, { type: 'products' }> }) {
  const { t } = useLingui();
  const more = seeAllLink(block.moreLink);
  return (
    <>
      <div className={classes.products}>
        {block.items.map((product) => (
          <ProductAnswerCard key={product.id} product={product} />
        ))}
      </div>
      {more && (
        <Group>
          <AnswerLink link={{ label: t`See all`, to: more }} />
        </Group>
      )}
    </>
  );
}

function WalletBlock({ block }: { block: Extract<TAssistantBlock, { type: 'wallet' }> }) {
  const { t } = useLingui();
  const figures = describeWallet(block);
  return (
    <section className={`${classes.card} ${classes.walletCard}`} aria-label={t`Wallet balance`} data-testid="assistant-wallet">
      <div>
        <Text size="xs" c="dimmed">
          <Trans>Available</Trans>
        </Text>
        <Text fw={700} size="lg" c="var(--mantine-primary-color-light-color)">
          {figures.available}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          <Trans>Held for orders</Trans>
        </Text>
        <Text fw={700} size="lg">
          {figures.escrow}
        </Text>
      </div>
    </section>
  );
}

function BasketAddedBlock({ block }: { block: Extract<TAssistantBlock, { type: 'basket_added' }> }) {
  const { t } = useLingui();
  return (
    <div className={`${classes.card} ${classes.noticeCard}`} data-testid="assistant-basket-added">
      <Group gap={6} wrap="nowrap">
        <IconBasketCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
        <Text size="sm" fw={600}>
          {describeBasketAdded(block)}
        </Text>
      </Group>
      <AnswerLink link={{ label: t`Open basket`, to: '/basket' }} />
    </div>
  );
}

function SignInBlock({ block }: { block: Extract<TAssistantBlock, { type: 'sign_in' }> }) {
  const location = useLocation();
  return (
    <div className={`${classes.card} ${classes.noticeCard}`} data-testid="assistant-sign-in">
      <Text size="sm">{block.text}</Text>
      <Button
        component={Link}
        to="/login"
        size="compact-sm"
        radius="md"
        leftSection={<IconLogin2 size={14} aria-hidden />}
        // Back here after signing in, as the catalogue's "Add to basket" does.
        onClick={() => writeSessionValue(SESSION_KEYS.redirectDestination, `${location.pathname}${location.search}`)}
      >
        <Trans>Sign in</Trans>
      </Button>
    </div>
  );
}

/** What an answer shows under its text: products, orders, links, the wallet, a basket line, sign-in. */
export function AnswerBlocks({ blocks }: { blocks: readonly TAssistantBlock[] }) {
  return blocksToShow(blocks).map((block, index) => {
    const key = `${block.type}-${index}`;
    switch (block.type) {
      case 'products':
        return <ProductsBlock key={key} block={block} />;
      case 'orders':
        return block.items.map((order) => <OrderAnswerCard key={`${key}-${order.id}`} order={order} />);
      case 'links':
        return (
          <Group key={key} gap="xs">
            {block.items.map((link) => (
              <AnswerLink key={`${link.to}-${link.label}`} link={link} />
            ))}
          </Group>
        );
      case 'wallet':
        return <WalletBlock key={key} block={block} />;
      case 'basket_added':
        return <BasketAddedBlock key={key} block={block} />;
      case 'sign_in':
        return <SignInBlock key={key} block={block} />;
    }
  });
}
