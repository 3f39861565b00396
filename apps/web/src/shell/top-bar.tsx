import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBasket, IconMenu2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { useBasketCount } from '../features/basket/api/get-basket-count';
import { useAuth } from '../lib/auth/use-auth';
import { getBasketBadgeText } from './badge-text';
import { CountBadge } from './count-badge';
import { getTopBarTitle } from './top-bar-title';
import classes from './top-bar.module.css';
import { APP_NAME } from '../config/env';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { pathname } = useLocation();
  const { isAuthenticated, mode } = useAuth();
  const basketCount = useBasketCount();
  const badgeText = getBasketBadgeText({ isSignedIn: isAuthenticated, mode, count: basketCount });
  const { i18n, t } = useLingui();
  const titleMessage = getTopBarTitle(pathname);
  const title = titleMessage ? i18n._(titleMessage) : '';

  return (
    <header className={classes.bar} data-testid="top-bar">
      <div className={classes.inner}>
        <UnstyledButton component={Link} to="/" aria-label={t`${APP_NAME} home`} className={classes.logo}>
          <Logo size={34} />
        </UnstyledButton>
        <Text component="div" className={classes.title} data-testid="top-bar-title">
          {title}
        </Text>
        <div className={classes.actions}>
          {/* Named by its content, not aria-label: the name then includes the count the badge shows (WCAG 2.5.3). */}
          <ActionIcon component={Link} to="/basket" variant="subtle" color="dark" size={44} radius="xl" className={classes.iconButton}>
            <IconBasket size={24} stroke={1.7} aria-hidden />
            <VisuallyHidden>{t`Basket`}</VisuallyHidden>
            <CountBadge text={badgeText} testId="basket-badge" />
            {/* After the count the badge shows ("99+" included): "1 item", "3 items". */}
            {badgeText && <VisuallyHidden>{badgeText === '1' ? t`item` : t`items`}</VisuallyHidden>}
          </ActionIcon>
          <ActionIcon aria-label={t`Open menu`} variant="subtle" color="dark" size={44} radius="xl" onClick={onOpenMenu}>
            <IconMenu2 size={24} stroke={1.7} />
          </ActionIcon>
        </div>
      </div>
    </header>
  );
}
