import { UnstyledButton } from '@mantine/core';
import { IconBell, IconHome, IconSparkles, IconUser } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../lib/auth/use-auth';
import { formatBadgeCount } from '../../shell/badge-text';
import { CountBadge } from '../../shell/count-badge';
import { useUnreadNotificationCount } from '../../lib/notifications/get-unread-notification-counts';
import { profilePath } from './author-line';
import classes from './hub-nav.module.css';

/** Pulse Hub's own tabs (its pages show no market bars): the feed, one's Pulse, notifications, profile. */
export function HubNav() {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const hubUnread = formatBadgeCount(useUnreadNotificationCount('pulse-hub'));
  const items = [
    { to: '/hub/feed', label: msg`Feed`, icon: IconHome, end: true },
    { to: '/pulse', label: msg`My Pulse`, icon: IconSparkles, end: true },
    { to: '/hub/notifications', label: msg`Activity`, icon: IconBell, end: true },
    ...(user ? [{ to: profilePath(user.username), label: msg`Profile`, icon: IconUser, end: true }] : []),
  ];
  return (
    <header className={classes.bar}>
      <div className={classes.inner}>
        <nav aria-label={t`Pulse Hub`} className={classes.tabs}>
          {items.map((item) => (
            <UnstyledButton key={item.to} component={NavLink} to={item.to} end={item.end} className={classes.tab}>
              <span className={classes.icon}>
                <item.icon size={18} aria-hidden />
                {item.to === '/hub/notifications' && <CountBadge text={hubUnread} testId="pulse-hub-badge" />}
              </span>
              <span>{i18n._(item.label)}</span>
            </UnstyledButton>
          ))}
        </nav>
      </div>
    </header>
  );
}
