import { Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuildingStore, IconLayoutDashboard, IconLeaf, IconMessages, IconShoppingBag, IconUsersGroup, IconWallet, type Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useUnreadMessageCount } from '../features/messages/api/get-unread-message-count';
import { useUnreadNotificationCount } from '../lib/notifications/get-unread-notification-counts';
import { useAuth } from '../lib/auth/use-auth';
import { formatBadgeCount } from './badge-text';
import { getBottomBarItems, isBottomBarItemActive, type BottomBarItemId } from './bottom-bar-items';
import { CountBadge } from './count-badge';
import classes from './bottom-bar.module.css';

const ICONS: Readonly<Record<BottomBarItemId, Icon>> = {
  marketplace: IconBuildingStore,
  'pulse-hub': IconUsersGroup,
  orders: IconShoppingBag,
  dashboard: IconLayoutDashboard,
  products: IconLeaf,
  messages: IconMessages,
  notifications: IconBell,
  wallet: IconWallet,
};

export function BottomBar() {
  const { pathname } = useLocation();
  const { i18n, t } = useLingui();
  const { isAuthenticated, mode } = useAuth();
  const unreadMessages = useUnreadMessageCount();
  const unreadNotifications = useUnreadNotificationCount('general');
  const items = getBottomBarItems({ isSignedIn: isAuthenticated, mode });
  const badgeTexts = { messages: formatBadgeCount(unreadMessages), notifications: formatBadgeCount(unreadNotifications) };

  return (
    <nav aria-label={t`Bottom navigation`} data-testid="bottom-bar" className={classes.bar}>
      <ul className={classes.list}>
        {items.map((item) => {
          const active = isBottomBarItemActive(item, pathname);
          const IconComponent = ICONS[item.id];
          const badgeText = item.badge ? badgeTexts[item.badge] : null;
          const badgeId = item.badge ? `bottom-bar-${item.badge}-badge` : undefined;
          return (
            <li key={item.id} className={classes.item}>
              <UnstyledButton
                component={Link}
                to={item.to}
                className={classes.link}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                aria-describedby={badgeText ? badgeId : undefined}
              >
                {/* Named by its label alone (no aria-label, which must contain the visible count too, WCAG 2.5.3): the count is its description. */}
                <span className={classes.iconWrap} aria-hidden>
                  <IconComponent size={24} stroke={active ? 2.1 : 1.7} aria-hidden />
                  {item.badge && <CountBadge text={badgeText} testId={`${item.badge}-badge`} id={badgeId} />}
                </span>
                <Text component="span" className={classes.label}>
                  {i18n._(item.label)}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
